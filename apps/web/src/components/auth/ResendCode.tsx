import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface ResendCodeProps {
  /** Seconds left before a new code may be asked for. */
  remaining: number;
  sending: boolean;
  /** Said to screen readers when a resend starts and ends (the countdown itself is not announced). */
  note: string;
  disabled: boolean;
  onResend: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * Spec §4 "Resend": 'Resend code after N sec.' counting down, then 'Resend code', which shows
 * 'Sending. . .' while a fresh code is requested.
 */
export const ResendCode = ({ remaining, sending, note, disabled, onResend, buttonRef }: ResendCodeProps) => {
  const { t } = useTranslation();
  return (
    <div className="text-sm text-slate-600">
      {sending ? (
        <p aria-hidden="true">{t('sending')}</p>
      ) : remaining > 0 ? (
        <p data-testid="resend-countdown">{t('resendAfter', { count: remaining })}</p>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          onClick={onResend}
          disabled={disabled}
          className="rounded font-semibold text-accent-700 underline-offset-4 hover:underline disabled:text-slate-400 disabled:no-underline"
        >
          {t('resendCode')}
        </button>
      )}
      <span aria-live="polite" className="sr-only">
        {note}
      </span>
    </div>
  );
};
