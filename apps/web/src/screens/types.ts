import type { Entry, Platform, RouteId } from '@hub/core';

/** What every screen receives from the router: the matched route, parsed by core's matchRoute. */
export interface ScreenProps {
  routeId: RouteId | 'not_found';
  platform?: Platform;
  entry?: Entry;
}
