import type { RouteMatch } from '@hub/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenFor } from '../screens/registry';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { Spinner } from './Spinner';

interface ScreenSlotProps {
  route: RouteMatch;
}

/**
 * Renders the route's lazily loaded screen, with a spinner while it loads and Retry if it fails.
 * Mount it with `key={route.id}`: the component is chosen once per screen (see RetryableLazy).
 */
export const ScreenSlot = ({ route }: ScreenSlotProps) => {
  const { t } = useTranslation();
  const screen = screenFor(route.id);
  const [{ Screen, attempt }, setCurrent] = useState(() => ({ Screen: screen.Component, attempt: 0 }));
  const retry = () => {
    screen.retry();
    setCurrent((current) => ({ Screen: screen.Component, attempt: current.attempt + 1 }));
  };
  return (
    <ChunkErrorBoundary key={attempt} onRetry={retry}>
      <Suspense
        fallback={
          <div className="flex w-full flex-1 items-center justify-center py-16">
            <Spinner label={t('loading')} size="lg" />
          </div>
        }
      >
        <Screen routeId={route.id} platform={route.platform} entry={route.entry} />
      </Suspense>
    </ChunkErrorBoundary>
  );
};
