import { apiErrorText, type MeSession, type MeSignIn, type MeSummary, platformProductNames } from '@hub/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { meSessionsApi } from '../../../api/me-sessions';
import { ProblemBanner } from '../../../components/auth/ProblemBanner';
import { Banner } from '../../../components/Banner';
import { Spinner } from '../../../components/Spinner';
import { useApiProblem } from '../../../hooks/use-api-problem';
import { cx } from '../../../lib/class-names';
import { useAccountWords } from '../account-words';
import { dangerButton, SubHeading, secondaryButton } from './list-parts';

type Load<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

/**
 * The account center's Devices page: every live hub session of the account (this browser's first,
 * marked), ending one or all others, and the person's own sign-in history below.
 */
export const SessionsSection = ({ refresh }: { me: MeSummary; refresh: () => void }) => {
  const [sessions, setSessions] = useState<Load<MeSession[]>>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { problem, dismiss, show } = useApiProblem();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const { t, device } = useAccountWords();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `reload` asks again.
  useEffect(() => {
    const controller = new AbortController();
    meSessionsApi.list({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setSessions({ kind: 'ready', data: result.data.sessions });
      else if (result.error.code === 'session.required') refresh();
      else setSessions({ kind: 'failed', message: apiErrorText(result.error) });
    });
    return () => controller.abort();
  }, [attempt, refresh]);

  /** After a change: the banner says what happened, focus goes back to the list's heading. */
  const done = (message: string) => {
    setNotice(message);
    reload();
    headingRef.current?.focus();
  };

  const end = async (session: MeSession) => {
    if (busy) return;
    setBusy(session.id);
    dismiss();
    setNotice(null);
    const result = await meSessionsApi.end(session.id);
    setBusy(null);
    if (!result.ok) {
      if (result.error.code === 'session.not_found') return done(t('account.sessions.alreadyEnded'));
      show(result.error, {}, { retry: () => end(session) });
      return;
    }
    // This browser's own session: it is signed out, and the account center sends it to log in.
    if (result.data.signedOut) return refresh();
    done(t('account.sessions.signedOutOf', { device: device(session.device) }));
  };

  const endOthers = async () => {
    if (busy) return;
    setBusy('others');
    dismiss();
    setNotice(null);
    const result = await meSessionsApi.endOthers();
    setBusy(null);
    if (!result.ok) {
      show(result.error, {}, { retry: endOthers });
      return;
    }
    done(t('account.sessions.signedOutOthers', { count: result.data.ended }));
  };

  const others = sessions.kind === 'ready' ? sessions.data.filter((s) => !s.current).length : 0;
  return (
    <div className="space-y-10">
      {notice && (
        <Banner variant="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      <section aria-labelledby="sessions-heading">
        <SubHeading id="sessions-heading" ref={headingRef}>
          {t('account.sessions.heading')}
        </SubHeading>
        {sessions.kind === 'loading' && <Loading />}
        {sessions.kind === 'failed' && <LoadFailed message={sessions.message} onRetry={reload} />}
        {sessions.kind === 'ready' && (
          <>
            <ul className="mt-4 space-y-3" data-testid="session-list">
              {sessions.data.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  busy={busy === session.id}
                  onEnd={() => end(session)}
                />
              ))}
            </ul>
            {others > 0 && (
              <div className="mt-5 flex flex-col gap-2 tablet:flex-row tablet:items-center tablet:justify-between">
                <p className="text-sm text-slate-600">{t('account.sessions.unrecognised')}</p>
                <button
                  type="button"
                  className={cx(secondaryButton, 'shrink-0')}
                  onClick={endOthers}
                  aria-busy={busy === 'others' || undefined}
                >
                  {busy === 'others' && <Spinner size="sm" />}
                  {t('account.sessions.endOthers')}
                </button>
              </div>
            )}
          </>
        )}
      </section>
      <SignInHistory refreshKey={attempt} onSignedOut={refresh} />
    </div>
  );
};

const SessionItem = ({ session, busy, onEnd }: { session: MeSession; busy: boolean; onEnd: () => void }) => {
  const { t, ago, dateTime, device, method } = useAccountWords();
  // "Active now" for this browser and any used in the last minutes; else when it was last used.
  const lastUsed = session.current ? null : ago(session.lastSeenAt, Date.now());
  const name = device(session.device);
  return (
    <li
      data-testid="session"
      data-current={session.current || undefined}
      className={cx(
        'flex flex-col gap-3 rounded-xl p-4 ring-1 tablet:flex-row tablet:items-center tablet:justify-between',
        session.current ? 'bg-accent-50/50 ring-accent-600/30' : 'ring-slate-900/10',
      )}
    >
      <div className="flex min-w-0 gap-3">
        <DeviceIcon />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
            <span>{name}</span>
            {session.current && (
              <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-semibold text-white">
                {t('account.sessions.thisDevice')}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {lastUsed === null ? t('account.ago.now') : t('account.sessions.lastUsed', { ago: lastUsed })}
            {session.ip && (
              <>
                {' · '}
                <span className="whitespace-nowrap">IP {session.ip}</span>
              </>
            )}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {t('account.sessions.signedIn', {
              when: dateTime(session.signedInAt),
              method: method(session.method),
              platform: platformProductNames[session.platform],
            })}
          </p>
          {session.signedInto.length > 0 && (
            <p data-testid="session-signed-into" className="mt-0.5 break-words text-sm text-slate-600">
              {t('account.sessions.signedInto', {
                names: session.signedInto.map((entry) => entry.name).join(', '),
              })}
            </p>
          )}
        </div>
      </div>
      <button
        type="button"
        onClick={onEnd}
        aria-busy={busy || undefined}
        aria-label={
          session.current
            ? t('account.sessions.logOutHere')
            : t('account.sessions.signOutDevice', { device: name })
        }
        className={cx(
          session.current ? secondaryButton : dangerButton,
          'shrink-0 self-start tablet:self-center',
        )}
      >
        {busy && <Spinner size="sm" />}
        {session.current ? t('account.logOut') : t('account.sessions.signOut')}
      </button>
    </li>
  );
};

const DeviceIcon = () => (
  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
    >
      <rect x="3" y="4" width="18" height="12" rx="1.5" />
      <path d="M8 20h8M12 16v4" strokeLinecap="round" />
    </svg>
  </span>
);

/** The person's own sign-ins and failed attempts, newest first, with "Show older" for the rest. */
const SignInHistory = ({ refreshKey, onSignedOut }: { refreshKey: number; onSignedOut: () => void }) => {
  const [items, setItems] = useState<Load<MeSignIn[]>>({ kind: 'loading' });
  const [next, setNext] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const { t, dateTime, device, method } = useAccountWords();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `refreshKey` reloads after a change above.
  useEffect(() => {
    const controller = new AbortController();
    meSessionsApi.signIns(undefined, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) {
        setItems({ kind: 'ready', data: result.data.signIns });
        setNext(result.data.nextBefore);
      } else if (result.error.code === 'session.required') onSignedOut();
      else setItems({ kind: 'failed', message: apiErrorText(result.error) });
    });
    return () => controller.abort();
  }, [refreshKey, onSignedOut]);

  const more = async () => {
    if (next === null || loadingMore || items.kind !== 'ready') return;
    setLoadingMore(true);
    const result = await meSessionsApi.signIns(next);
    setLoadingMore(false);
    if (result.ok) {
      setItems({ kind: 'ready', data: [...items.data, ...result.data.signIns] });
      setNext(result.data.nextBefore);
    }
  };

  return (
    <section aria-labelledby="history-heading">
      <SubHeading id="history-heading">{t('account.history.title')}</SubHeading>
      <p className="mt-1 text-sm text-slate-600">{t('account.history.description')}</p>
      {items.kind === 'loading' && <Loading />}
      {items.kind === 'failed' && <LoadFailed message={items.message} />}
      {items.kind === 'ready' && items.data.length === 0 && (
        <p className="mt-4 text-sm text-slate-600">{t('account.history.none')}</p>
      )}
      {items.kind === 'ready' && items.data.length > 0 && (
        <ol
          className="mt-4 divide-y divide-slate-900/10 rounded-xl ring-1 ring-slate-900/10"
          data-testid="sign-in-history"
        >
          {items.data.map((item) => (
            <li
              key={item.id}
              data-testid="sign-in"
              className="flex flex-col gap-1 px-4 py-3 desktop:flex-row desktop:gap-4"
            >
              <p className="shrink-0 text-sm text-slate-600 desktop:w-44">
                <time dateTime={new Date(item.at).toISOString()}>{dateTime(item.at)}</time>
              </p>
              <div className="min-w-0 text-sm">
                <p
                  className={cx(
                    'font-medium',
                    item.outcome === 'success' ? 'text-slate-900' : 'text-red-700',
                  )}
                >
                  {item.outcome !== 'success' && (
                    <span className="sr-only">{t('account.history.failed')}</span>
                  )}
                  {t(`account.history.${item.kind}`)}
                  {item.kind === 'sign_in' && ` ${method(item.method)}`}
                  {item.tool && ` · ${item.tool.name}`}
                  {item.platform && ` · ${platformProductNames[item.platform]}`}
                </p>
                <p className="text-slate-600">
                  {device(item.device)}
                  {item.ip && (
                    <>
                      {' · '}
                      <span className="whitespace-nowrap">IP {item.ip}</span>
                    </>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {next !== null && (
        <button
          type="button"
          className={cx(secondaryButton, 'mt-4')}
          onClick={more}
          aria-busy={loadingMore || undefined}
        >
          {loadingMore && <Spinner size="sm" />}
          {t('account.history.showOlder')}
        </button>
      )}
    </section>
  );
};

const Loading = () => {
  const { t } = useAccountWords();
  return (
    <div className="flex justify-center py-6">
      <Spinner label={t('loading')} size="md" />
    </div>
  );
};

const LoadFailed = ({ message, onRetry }: { message: string; onRetry?: () => void }) => {
  const { t } = useAccountWords();
  return (
    <p role="alert" className="mt-4 text-sm text-red-700">
      {message}{' '}
      {onRetry && (
        <button type="button" onClick={onRetry} className="font-semibold underline">
          {t('tryAgain')}
        </button>
      )}
    </p>
  );
};
