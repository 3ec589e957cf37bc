import { isAccountRoute } from '@hub/core';
import { useEffect } from 'react';
import { AppLayout } from './components/AppLayout';
import { BareLayout } from './components/BareLayout';
import { LegalLayout } from './components/LegalLayout';
import { ScreenSlot } from './components/ScreenSlot';
import { StartupLoader } from './components/StartupLoader';
import { useRouteMatch } from './hooks/use-route-match';
import { useStartupReady } from './hooks/use-startup';
import { isLegalRoute } from './lib/legal-pages';
import { screenFor } from './screens/registry';

/**
 * The one route of the router (`*`). core's matchRoute decides the screen (spec §2: exact
 * matches, in order); this picks the chrome around it.
 */
export const App = () => {
  const route = useRouteMatch();
  // Spec §2: /sso/rqx is a separate entry that renders only the SSO handler, without the normal app.
  const ssoEntry = route.id === 'sso_rqx';
  const ready = useStartupReady(!ssoEntry);

  // Fetch the screen's chunk while the start-up logo is still showing.
  useEffect(() => screenFor(route.id).preload(), [route.id]);

  if (!ready && !ssoEntry) return <StartupLoader />;
  if (ssoEntry || route.id === 'not_found')
    return (
      <BareLayout>
        <ScreenSlot key={route.id} route={route} />
      </BareLayout>
    );
  if (isLegalRoute(route.id))
    return (
      <LegalLayout current={route.id}>
        <ScreenSlot key={route.id} route={route} />
      </LegalLayout>
    );
  return (
    <AppLayout platform={route.platform} landing={route.id === 'landing'}>
      {/* The account center's pages are one screen: moving between them keeps it mounted. */}
      <ScreenSlot key={isAccountRoute(route.id) ? 'account' : route.id} route={route} />
    </AppLayout>
  );
};
