import { type ComponentType, lazy, Suspense } from 'react';
import { useInstallPrompt } from '../../hooks/use-install-prompt';
import { clearInstallPrompt } from '../../lib/install-prompt';
import type { InstallDialogProps } from './InstallDialog';

// The dialog is its own chunk: most visits never show it, and it reads the tool session (zod).
const InstallDialog = lazy(
  (): Promise<{ default: ComponentType<InstallDialogProps> }> =>
    import('./InstallDialog').catch((error: unknown) => {
      console.warn('The install dialog failed to load; the install offer is dropped.', error);
      clearInstallPrompt();
      return { default: () => null };
    }),
);

/** Spec §2 "Install dialog": shows it while the install state says so (see lib/install-prompt.ts). */
export const InstallPrompt = () => {
  const { prompt, ip } = useInstallPrompt();
  if (!prompt || !ip.stat) return null;
  return (
    <Suspense fallback={null}>
      <InstallDialog prompt={prompt} type={ip.prompt_type} />
    </Suspense>
  );
};
