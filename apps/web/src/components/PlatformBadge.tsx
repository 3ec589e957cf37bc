import { type Platform, platformProductNames } from '@hub/core';
import { cx } from '../lib/class-names';

const colours: Record<Platform, string> = {
  psl: 'bg-primary-50 text-primary-700 ring-primary-600/20',
  biz: 'bg-business-50 text-business-700 ring-business-600/20',
};

/** A small pill naming the platform (Personal in blue, Business in green). */
export const PlatformBadge = ({ platform }: { platform: Platform }) => (
  <span
    className={cx(
      'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
      colours[platform],
    )}
  >
    {platformProductNames[platform]}
  </span>
);
