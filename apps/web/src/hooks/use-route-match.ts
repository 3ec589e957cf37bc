import { matchRoute, type RouteMatch } from '@hub/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

/** The current screen, matched by core's exact route table (spec §2 order). */
export const useRouteMatch = (): RouteMatch => {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(pathname), [pathname]);
};
