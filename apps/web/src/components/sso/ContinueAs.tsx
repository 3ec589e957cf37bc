import {
  apiErrorText,
  type DeviceAccount,
  type FlowContext,
  type Platform,
  REDIRECT_DELAY_MS,
} from '@hub/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceAccountsApi } from '../../api/device-accounts';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { Avatar } from '../Avatar';
import { Banner } from '../Banner';
import { Spinner } from '../Spinner';

const CONTEXT_KEYS: readonly ContextKey[] = ['from', 'subcb', 'next', 'oidc', 'sainfo'];

/**
 * 'Continue as …' on a login screen (docs/sessions.md): a browser with accounts signed in on it
 * signs in as one of them in one action, without the password, through the same sign-in the form
 * would end in (the hub still refuses a restricted tool, a company account on Personal, and asks
 * for a second factor or the password where the tool demands it). A browser without a live session
 * sees nothing of it: the screen's steps and texts stay as they are. On switching option1
 * (`switching`) it links the account to this platform, with the screen's 'Account successfully
 * linked' before the exit. In an OpenID Connect interaction the hub lists the accounts only when
 * the client did not demand a fresh sign-in (prompt=login, max_age).
 */
export const ContinueAs = ({
  platform,
  from,
  switching = false,
}: {
  platform: Platform;
  from?: string;
  switching?: boolean;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const pageContext = useFlowContext(CONTEXT_KEYS);
  const [accounts, setAccounts] = useState<DeviceAccount[]>([]);
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [linked, setLinked] = useState(false);
  const [problem, setProblem] = useState<{ message: string; final: boolean } | null>(null);
  const oidc = pageContext?.oidc;

  useEffect(() => {
    const controller = new AbortController();
    deviceAccountsApi.list({ signal: controller.signal }, oidc).then((result) => {
      if (!controller.signal.aborted && result.ok) setAccounts(result.data.accounts);
    });
    return () => controller.abort();
  }, [oidc]);

  if (dismissed || accounts.length === 0) return null;

  const continueAs = async (account: DeviceAccount) => {
    setBusy(account.id);
    setProblem(null);
    const context: FlowContext = { ...pageContext, ...(from ? { from } : {}) };
    const result = await deviceAccountsApi.continueAs({
      account: account.id,
      platform,
      ...(Object.keys(context).length > 0 ? { context } : {}),
      ...(switching ? { switching: true as const } : {}),
    });
    if (result.ok && result.data.next === 'redirect') {
      const { location } = result.data;
      if (result.data.notice === 'account_linked') {
        // Spec §4: 'Account successfully linked', then the exit 1.5 s later, as after the password.
        setLinked(true);
        window.setTimeout(() => window.location.assign(location), REDIRECT_DELAY_MS);
        return;
      }
      window.location.assign(location);
      return;
    }
    setBusy(null);
    if (!result.ok) {
      const final = result.error.code === 'session.fresh_sign_in_required';
      setProblem({ message: apiErrorText(result.error), final });
    }
  };

  if (linked) return <Banner variant="success">{t('notice.accountLinked')}</Banner>;

  if (problem?.final) {
    return (
      <p
        role="alert"
        data-testid="continue-as-fresh"
        className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        {problem.message}
      </p>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="continue-as"
      className="mb-6 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-900/5 ring-inset"
    >
      <h2 id={headingId} className="px-1 pb-2 text-sm font-semibold text-slate-700">
        {t('continueAs.heading')}
      </h2>
      <ul className="space-y-2">
        {accounts.map((account) => (
          <li key={account.id}>
            <button
              type="button"
              data-testid="continue-as-button"
              disabled={busy !== null}
              aria-busy={busy === account.id || undefined}
              onClick={() => void continueAs(account)}
              className="flex w-full min-w-0 items-center gap-3 rounded-lg bg-white px-3 py-2.5 text-left text-sm font-medium text-slate-900 ring-1 ring-slate-900/10 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-700 disabled:opacity-70"
            >
              <Avatar initials={account.initials} />
              <span className="min-w-0 flex-1 truncate">
                {t('continueAs.button', { name: account.display })}
              </span>
              {busy === account.id && <Spinner size="sm" />}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="mt-2 px-1 text-sm text-red-700">
          {problem.message}
        </p>
      )}
      <button
        type="button"
        data-testid="continue-as-another"
        onClick={() => setDismissed(true)}
        className="mt-3 px-1 text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
      >
        {t('continueAs.another')}
      </button>
    </section>
  );
};
