import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18next } from '../i18n';
import { ChunkLoadError } from '../lib/chunk-loader';

interface ChunkErrorBoundaryProps {
  children: ReactNode;
  /** Drops the failed load and renders the screen again. */
  onRetry: () => void;
}

interface ChunkErrorBoundaryState {
  error: unknown;
}

/**
 * Catches a screen that failed to load (spec §8: 'Loading chunk {n} failed', with a Retry that
 * imports the chunk again) or that crashed while rendering.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, ChunkErrorBoundaryState> {
  override state: ChunkErrorBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ChunkErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to load or render', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: undefined });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message =
      error instanceof ChunkLoadError
        ? i18next.t('loadingChunkFailed', { chunk: error.chunk })
        : i18next.t('chunkFailed');
    return (
      <div role="alert" className="flex w-full flex-col items-center gap-4 px-4 py-16 text-center">
        <p className="text-base font-medium text-slate-800">{message}</p>
        <button
          type="button"
          onClick={this.retry}
          className="rounded-lg bg-accent-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-accent-800"
        >
          {i18next.t('retry')}
        </button>
      </div>
    );
  }
}
