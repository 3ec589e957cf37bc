import { type Platform, platformProductNames, platforms } from '@hub/core';
import { useLocation } from 'react-router';
import { platformTabHref } from '../lib/platform-links';
import { useRouteMatch } from './use-route-match';

/** The platform of the current route (psl or biz), or undefined outside a platform (landing, legal). */
export const usePlatform = (): Platform | undefined => useRouteMatch().platform;

export interface PlatformTab {
  platform: Platform;
  label: string;
  href: string;
  current: boolean;
}

/** Spec §1: the header's Personal and Business tabs, each keeping the rest of the current path. */
export const usePlatformTabs = (): PlatformTab[] => {
  const location = useLocation();
  const current = usePlatform();
  return platforms.map((platform) => ({
    platform,
    label: platformProductNames[platform],
    href: platformTabHref(location, platform),
    current: platform === current,
  }));
};
