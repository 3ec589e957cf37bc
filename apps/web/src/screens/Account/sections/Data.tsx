import '../texts';
import { type ApiError, apiErrorText, type DeletionState, type MeSummary } from '@hub/core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { type DataFile, type MeDataApi, meDataApi, saveFile } from '../../../api/me-data';
import { ProblemBanner } from '../../../components/auth/ProblemBanner';
import { Banner } from '../../../components/Banner';
import { Spinner } from '../../../components/Spinner';
import { useApiProblem } from '../../../hooks/use-api-problem';
import { useTimeout } from '../../../hooks/use-timeout';
import { cx } from '../../../lib/class-names';
import { useAccountWords } from '../account-words';
import { DeleteAccount } from './data/DeleteAccount';
import { YourRights } from './data/YourRights';
import { SubHeading, secondaryButton } from './list-parts';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; state: DeletionState }
  | { kind: 'failed'; message: string };
type Notice = { variant: 'success' | 'error'; text: string };

/** How long a confirmation stays on screen (it is announced when it appears), as on the other pages. */
const SUCCESS_BANNER_MS = 8000;

/** The account center's "Your data" page: download everything, delete the account, the rights. */
export const DataSection = ({ refresh }: { me: MeSummary; refresh: () => void }) => (
  <DataPage api={meDataApi} save={saveFile} refresh={refresh} />
);

/** The deletion's state, loaded when the page opens and again on `reload`. */
const useDeletionState = (api: MeDataApi, refresh: () => void) => {
  const [loaded, setLoaded] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `reload` asks again.
  useEffect(() => {
    const controller = new AbortController();
    api.deletion({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setLoaded({ kind: 'ready', state: result.data });
      else if (result.error.code === 'session.required') refresh();
      else setLoaded({ kind: 'failed', message: apiErrorText(result.error) });
    });
    return () => controller.abort();
  }, [api, attempt, refresh]);
  return { loaded, setLoaded, reload };
};

/**
 * The page, on the calls it is given (the real ones, or a test's). `save` hands the downloaded
 * file to the browser.
 */
export const DataPage = ({
  api,
  save,
  refresh,
}: {
  api: MeDataApi;
  save: (file: DataFile) => void;
  refresh: () => void;
}) => {
  const { loaded, setLoaded, reload } = useDeletionState(api, refresh);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [keeping, setKeeping] = useState(false);
  const { problem, dismiss, show } = useApiProblem();
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const deleteHeading = useRef<HTMLHeadingElement>(null);
  const { t } = useAccountWords();
  useTimeout(() => setNotice(null), SUCCESS_BANNER_MS, notice?.variant === 'success' ? notice : null);

  /** A refusal without a field: the error banner; 'Try again' repeats the call (or, signed out, goes to log in). */
  const refused = (error: ApiError, retry: () => void) => {
    setNotice(null);
    show(error, {}, { retry: error.code === 'session.required' ? refresh : retry });
  };

  const download = async () => {
    if (downloading) return;
    dismiss();
    setDownloading(true);
    const result = await api.download();
    setDownloading(false);
    if (result.ok) save(result.data);
    else refused(result.error, download);
  };

  const keep = async () => {
    if (keeping) return;
    dismiss();
    setKeeping(true);
    const result = await api.cancelDeletion();
    setKeeping(false);
    if (!result.ok) return refused(result.error, keep);
    setLoaded({ kind: 'ready', state: result.data });
    setNotice({ variant: 'success', text: t('account.data.kept') });
    deleteHeading.current?.focus();
  };

  // After the person asks, focus moves to the notice that appears, so its date is read out next
  // (not when the page merely opens with a deletion pending).
  const focusNotice = useRef(false);
  const scheduled = (state: DeletionState) => {
    dismiss();
    focusNotice.current = true;
    setLoaded({ kind: 'ready', state });
    setNotice({ variant: 'success', text: t('account.data.scheduled') });
  };
  const dueAt = loaded.kind === 'ready' ? loaded.state.dueAt : null;
  useEffect(() => {
    if (dueAt === null || !focusNotice.current) return;
    focusNotice.current = false;
    pendingHeading.current?.focus();
  }, [dueAt]);

  return (
    <div className="space-y-10">
      {notice && (
        <Banner variant={notice.variant} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      {dueAt !== null && (
        <DeletionPending dueAt={dueAt} keeping={keeping} onKeep={keep} headingRef={pendingHeading} />
      )}
      <DownloadSection downloading={downloading} onDownload={download} />
      <section aria-labelledby="delete-heading">
        <SubHeading id="delete-heading" ref={deleteHeading}>
          {t('account.data.delete')}
        </SubHeading>
        {loaded.kind === 'loading' && (
          <div className="flex justify-center py-6">
            <Spinner label={t('loading')} size="md" />
          </div>
        )}
        {loaded.kind === 'failed' && (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {loaded.message}{' '}
            <button type="button" onClick={reload} className="font-semibold underline">
              {t('tryAgain')}
            </button>
          </p>
        )}
        {loaded.kind === 'ready' && (
          <DeleteAccount
            api={api}
            state={loaded.state}
            onScheduled={scheduled}
            onRefused={refused}
            onBlocked={(text) => {
              dismiss();
              setNotice({ variant: 'error', text });
            }}
            onPendingElsewhere={reload}
          />
        )}
      </section>
      <YourRights />
    </div>
  );
};

/** A deletion is scheduled: when, and the button that keeps the account. */
const DeletionPending = ({
  dueAt,
  keeping,
  onKeep,
  headingRef,
}: {
  dueAt: number;
  keeping: boolean;
  onKeep: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) => {
  const { t, dateTime } = useAccountWords();
  return (
    <section
      aria-labelledby="deletion-pending-heading"
      data-testid="deletion-pending"
      className="rounded-xl bg-red-50 p-4 ring-1 ring-red-600/20 tablet:p-5"
    >
      <h3
        id="deletion-pending-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-red-800 focus:outline-none"
      >
        <Trans
          ns="account"
          i18nKey="account.data.pending"
          components={{ when: <time dateTime={new Date(dueAt).toISOString()}>{dateTime(dueAt)}</time> }}
        />
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('account.data.pendingBody')}</p>
      <button
        type="button"
        onClick={onKeep}
        aria-busy={keeping || undefined}
        className={cx(secondaryButton, 'mt-4')}
      >
        {keeping && <Spinner size="sm" />}
        {t('account.data.keep')}
      </button>
    </section>
  );
};

/** Download everything the hub holds about the account. */
const DownloadSection = ({ downloading, onDownload }: { downloading: boolean; onDownload: () => void }) => {
  const { t } = useAccountWords();
  return (
    <section aria-labelledby="download-heading">
      <SubHeading id="download-heading">{t('account.data.download')}</SubHeading>
      <p className="mt-1 text-sm text-slate-600">{t('account.data.downloadDescription')}</p>
      <button
        type="button"
        onClick={onDownload}
        aria-busy={downloading || undefined}
        className={cx(secondaryButton, 'mt-4')}
      >
        {downloading ? <Spinner size="sm" /> : <DownloadIcon />}
        {t('account.data.download')}
      </button>
    </section>
  );
};

const DownloadIcon = () => (
  <svg
    aria-hidden="true"
    viewBox="0 0 20 20"
    className="size-4"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
  >
    <path
      d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16h12v-1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
