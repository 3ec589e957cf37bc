import { cx } from '../lib/class-names';

/**
 * The account's initials in a circle (the header's menu, the account center's heading). The
 * initials are drawn by CSS, not written in the page: they are decoration, hidden from screen
 * readers, and a control whose name says whose account it is ('Your account: Gabriela Silang')
 * must not show words its name lacks (WCAG 2.5.3, "Label in Name": a voice-control user says what
 * they see).
 */
export const Avatar = ({ initials, size = 'md' }: { initials: string; size?: 'md' | 'lg' }) => (
  <span
    aria-hidden="true"
    data-initials={initials}
    className={cx(
      'inline-flex shrink-0 items-center justify-center rounded-full bg-accent-700 font-semibold text-white select-none before:content-[attr(data-initials)]',
      size === 'md' ? 'size-8 text-xs' : 'size-12 text-base',
    )}
  />
);
