import { PRODUCT_NAME } from '../lib/brand';
import { cx } from '../lib/class-names';

interface LogoProps {
  /** Height of the mark in px. */
  size?: number;
  /** Shows the product name beside the mark. */
  withWordmark?: boolean;
  className?: string;
}

/**
 * The Account Hub mark: two linked rings, one account for Personal (white) and Business (green).
 * Drawn inline so it needs no image request and no CSP exception.
 */
export const Logo = ({ size = 32, withWordmark = false, className }: LogoProps) => (
  <span className={cx('inline-flex items-center gap-2.5', className)}>
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role="img"
      aria-label={withWordmark ? undefined : PRODUCT_NAME}
      aria-hidden={withWordmark ? true : undefined}
      className="shrink-0"
    >
      <rect width="32" height="32" rx="8" className="fill-primary-700" />
      <circle cx="12" cy="16" r="6.5" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="20" cy="16" r="6.5" fill="none" className="stroke-business-400" strokeWidth="3" />
    </svg>
    {withWordmark && (
      <span className="text-lg font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</span>
    )}
  </span>
);
