import { useTranslation } from 'react-i18next';

interface AccountSummaryProps {
  /** The account as the server or sainfo gives it for display. */
  account: string;
  /** Spec §4: back to the account step. */
  onBack?: (() => void) | undefined;
  backDisabled?: boolean;
}

/** The account the step is about, with a way back to the account step. */
export const AccountSummary = ({ account, onBack, backDisabled = false }: AccountSummaryProps) => {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-900/5">
      {onBack && (
        <button
          type="button"
          onClick={onBack}
          disabled={backDisabled}
          aria-label={t('back')}
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-white hover:text-slate-900 disabled:opacity-50"
        >
          <svg
            viewBox="0 0 16 16"
            aria-hidden="true"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
          >
            <path d="M10 3 5 8l5 5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <p className="min-w-0 text-sm">
        <span className="sr-only">{t('login.accountShown')}</span>
        <span
          data-testid="account-display"
          className="block truncate font-medium text-slate-900"
          title={account}
        >
          {account}
        </span>
      </p>
    </div>
  );
};
