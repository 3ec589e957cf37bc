import { cx } from '../lib/class-names';

/** The header menus' chevron (AccountMenu, SignInMenu): turned up while the menu is open. */
export const MenuChevron = ({ open, className }: { open: boolean; className?: string }) => (
  <svg
    viewBox="0 0 16 16"
    aria-hidden="true"
    className={cx('size-4 transition-transform', open && 'rotate-180', className)}
  >
    <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
  </svg>
);
