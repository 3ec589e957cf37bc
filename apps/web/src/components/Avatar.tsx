import { cx } from '../lib/class-names';

/** The account's initials in a circle (the header's menu, the account center's heading). */
export const Avatar = ({ initials, size = 'md' }: { initials: string; size?: 'md' | 'lg' }) => (
  <span
    aria-hidden="true"
    className={cx(
      'inline-flex shrink-0 items-center justify-center rounded-full bg-accent-700 font-semibold text-white select-none',
      size === 'md' ? 'size-8 text-xs' : 'size-12 text-base',
    )}
  >
    {initials}
  </span>
);
