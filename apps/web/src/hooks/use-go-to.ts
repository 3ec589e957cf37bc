import { matchRoute } from '@hub/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** The path of `location` when it is one of our own screens on this origin, else undefined. */
const inAppPath = (location: string): string | undefined => {
  const url = new URL(location, window.location.href);
  if (url.origin !== window.location.origin || matchRoute(url.pathname).id === 'not_found') return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * Goes to a location the server answered: a screen of ours through the router (no reload, no
 * start-up delay), anything else (a platform site, a tool callback) as a full page load.
 */
export const useGoTo = (): ((location: string) => void) => {
  const navigate = useNavigate();
  return useCallback(
    (location: string) => {
      const path = inAppPath(location);
      if (path === undefined) window.location.assign(location);
      else navigate(path);
    },
    [navigate],
  );
};
