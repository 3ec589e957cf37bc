import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/class-names';

export type BannerVariant = 'success' | 'error' | 'info';

interface BannerProps {
  variant?: BannerVariant;
  children: ReactNode;
  onDismiss?: () => void;
  /** A button beside the message, e.g. 'Try again' on an error. */
  action?: { label: string; onClick: () => void };
  /** False when the same text is already announced by a live region on the screen. */
  live?: boolean;
}

const variants: Record<BannerVariant, string> = {
  success: 'bg-business-700 text-white',
  error: 'bg-red-600 text-white',
  info: 'bg-slate-900 text-white',
};

const liveRole = (variant: BannerVariant) => (variant === 'error' ? 'alert' : 'status');

/**
 * Spec §2: notices appear as a top-centre banner; the success variant is green. Errors are alerts.
 * It sits just under the sticky header (3.5 rem high on mobile, 4 rem from tablet up), never over
 * its tabs.
 */
export const Banner = ({ variant = 'info', children, onDismiss, action, live = true }: BannerProps) => {
  const { t } = useTranslation();
  return (
    <div
      data-banner
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-50 flex justify-center px-4 tablet:top-20"
    >
      <div
        role={live ? liveRole(variant) : undefined}
        className={cx(
          'pointer-events-auto flex max-w-md items-center gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg',
          variants[variant],
        )}
      >
        <span>{children}</span>
        {action && (
          <button
            type="button"
            onClick={action.onClick}
            className="shrink-0 rounded-md bg-white/15 px-2.5 py-1 font-semibold text-white hover:bg-white/25"
          >
            {action.label}
          </button>
        )}
        {onDismiss && (
          <button
            type="button"
            onClick={onDismiss}
            aria-label={t('dismiss')}
            className="-mr-1 shrink-0 rounded-md p-1 text-white/80 hover:bg-white/15 hover:text-white"
          >
            <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
};
