import type { AdminAccountAction, AdminAccountHit, AdminAccountPage } from '@hub/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, auditCsvHref } from '../../api/admin';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { documentTitle } from '../../lib/brand';
import './texts';
import ClientsView from './Clients';
import { button, primary, ReasonDialog } from './registry-ui';
import ToolsView from './Tools';

/** The overview's charts (uPlot): a chunk of their own, loaded when the overview is shown. */
const OverviewView = lazy(() => import('./Overview'));

type AuditRows =
  Awaited<ReturnType<typeof adminApi.audit>> extends infer R
    ? R extends { ok: true; data: infer D }
      ? D extends { events: infer E }
        ? E
        : never
      : never
    : never;

const input =
  'w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';
/** A time as the reader's language writes it (Filipino: fil-PH; English: the browser's own format). */
const useWhen = () => {
  const { i18n } = useTranslation('admin');
  const locale = i18n.language === 'fil' ? 'fil-PH' : undefined;
  return (at: number | null | undefined) => (at ? new Date(at).toLocaleString(locale) : '-');
};

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section className="rounded-lg border border-slate-200 bg-white p-4">
    <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
    {children}
  </section>
);

const ACTIONS: AdminAccountAction[] = [
  'end-sessions',
  'lock',
  'unlock',
  'reset-factors',
  'send-reset-code',
  'delete',
];

/** A value the server sends as a word of its own (an outcome, a method, a platform), in the reader's language. */
const useWord = () => {
  const { t, i18n } = useTranslation('admin');
  return (group: 'outcome' | 'method' | 'platform' | 'roleName', value: string) => {
    const key = `admin.${group}.${value}`;
    return i18n.exists(key) ? t(key as never) : value;
  };
};

/** One account's page with its actions. */
const AccountView = ({ id, onBack }: { id: string; onBack: () => void }) => {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState<AdminAccountPage | null>(null);
  const [message, setMessage] = useState('');
  const [asking, setAsking] = useState<AdminAccountAction | null>(null);
  const load = useCallback(async () => {
    const res = await adminApi.account(id);
    if (res.ok) setPage(res.data);
    else setMessage(res.error.message);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (action: AdminAccountAction, reason: string) => {
    setAsking(null);
    const res = await adminApi.act(id, action, reason);
    const sentTo = res.ok && typeof res.data.sentTo === 'string' ? res.data.sentTo : null;
    setMessage(
      res.ok ? (sentTo ? t('admin.resetCodeSent', { email: sentTo }) : t('admin.done')) : res.error.message,
    );
    await load();
  };
  const word = useWord();
  const when = useWhen();
  const none = <p className="text-sm text-slate-500">{t('admin.account.none')}</p>;
  return (
    <div className="space-y-4" data-admin-account={id}>
      <button type="button" className={button} onClick={onBack}>
        {t('admin.back')}
      </button>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {message}
      </p>
      {page && (
        <>
          <h2 className="break-all text-xl font-semibold text-slate-900">
            {page.account.email ?? page.account.id}
            {page.account.lockedAt ? (
              <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-sm text-red-800">
                {t('admin.locked')}
              </span>
            ) : null}
          </h2>
          <div className="flex flex-wrap gap-2">
            {ACTIONS.map((action) => (
              <button key={action} type="button" className={button} onClick={() => setAsking(action)}>
                {t(`admin.action.${action}`)}
              </button>
            ))}
          </div>
          <div className="grid gap-4 tablet:grid-cols-2">
            <Section title={t('admin.account.identifiers')}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">{t('admin.field.id')}</dt>
                <dd className="break-all">{page.account.id}</dd>
                <dt className="text-slate-500">{t('admin.field.email')}</dt>
                <dd className="break-all">{page.account.email ?? '-'}</dd>
                <dt className="text-slate-500">{t('admin.field.mobile')}</dt>
                <dd>{page.account.mobile ? `+63${page.account.mobile}` : '-'}</dd>
                <dt className="text-slate-500">{t('admin.field.name')}</dt>
                <dd>{page.account.name ?? '-'}</dd>
                <dt className="text-slate-500">{t('admin.field.platform')}</dt>
                <dd>{word('platform', page.account.homePlatform)}</dd>
                <dt className="text-slate-500">{t('admin.field.created')}</dt>
                <dd>{when(page.account.createdAt)}</dd>
              </dl>
            </Section>
            <Section title={t('admin.account.sessions')}>
              {page.sessions.length === 0
                ? none
                : page.sessions.map((s) => (
                    <p key={s.id} className="text-sm" data-admin-session>
                      {s.device} · {s.ip ?? '-'} · {word('platform', s.platform)} · {when(s.lastSeenAt)}
                    </p>
                  ))}
            </Section>
            <Section title={t('admin.account.factors')}>
              {page.secondFactors.methods.length === 0 ? (
                none
              ) : (
                <p className="text-sm">
                  {page.secondFactors.methods.map((method) => word('method', method)).join(', ')}
                </p>
              )}
            </Section>
            <Section title={t('admin.account.providers')}>
              {page.providers.length === 0
                ? none
                : page.providers.map((p) => (
                    <p key={p.provider} className="text-sm">
                      {p.provider} {p.email ?? ''}
                    </p>
                  ))}
            </Section>
          </div>
          <Section title={t('admin.account.events')}>
            <AuditTable rows={page.events} />
          </Section>
        </>
      )}
      {asking && (
        <ReasonDialog
          heading={t('admin.reason.title', { action: t(`admin.action.${asking}`) })}
          onCancel={() => setAsking(null)}
          onConfirm={(r) => act(asking, r)}
        />
      )}
    </div>
  );
};

const AuditTable = ({ rows }: { rows: AuditRows }) => {
  const { t } = useTranslation('admin');
  const word = useWord();
  const when = useWhen();
  if (rows.length === 0) return <p className="text-sm text-slate-500">{t('admin.account.none')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-100 align-top" data-audit-event={row.event}>
              <td className="whitespace-nowrap py-1 pr-3 text-slate-500">{when(row.at)}</td>
              <td className="py-1 pr-3 font-medium">{row.event}</td>
              <td className="py-1 pr-3">{word('outcome', row.outcome)}</td>
              <td className="break-all py-1">
                {typeof row.detail.reason === 'string'
                  ? `${t('admin.audit.reason')}: ${row.detail.reason}`
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const SearchView = ({ onOpen }: { onOpen: (id: string) => void }) => {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<AdminAccountHit[] | null>(null);
  const [more, setMore] = useState(false);
  const [page, setPage] = useState(0);
  const [message, setMessage] = useState('');
  const search = async (nextPage: number) => {
    const res = await adminApi.search(q, nextPage);
    if (!res.ok) return setMessage(res.error.message);
    setMessage('');
    setPage(nextPage);
    setHits(nextPage === 0 ? res.data.accounts : [...(hits ?? []), ...res.data.accounts]);
    setMore(res.data.more);
  };
  return (
    <div className="space-y-4">
      <form
        className="flex flex-col gap-2 tablet:flex-row tablet:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void search(0);
        }}
      >
        <label className="block flex-1 text-sm text-slate-700">
          {t('admin.search.label')}
          <input
            name="q"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            className={`${input} mt-1`}
            required
            maxLength={200}
          />
        </label>
        <button type="submit" className={primary}>
          {t('admin.search.submit')}
        </button>
      </form>
      <p role="status" className="text-sm text-red-700">
        {message}
      </p>
      {hits && hits.length === 0 && <p className="text-sm text-slate-600">{t('admin.search.none')}</p>}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {(hits ?? []).map((hit) => (
          <li key={hit.id}>
            <button
              type="button"
              className="block w-full px-4 py-3 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              onClick={() => onOpen(hit.id)}
            >
              <span className="block break-all font-medium text-slate-900">
                {hit.email ?? hit.mobile ?? hit.id}
              </span>
              <span className="block text-sm text-slate-500">
                {hit.name ?? ''} {hit.locked ? `· ${t('admin.locked')}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {more && (
        <button type="button" className={button} onClick={() => void search(page + 1)}>
          {t('admin.more')}
        </button>
      )}
    </div>
  );
};

type AuditFilter = Record<'account' | 'event' | 'operator' | 'tool' | 'from' | 'to', string>;
const NO_FILTER: AuditFilter = { account: '', event: '', operator: '', tool: '', from: '', to: '' };

/** The filter as the API reads it: blanks left out, the times (the browser's local time) in epoch ms. */
const auditQuery = (filter: AuditFilter): Record<string, string> => {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter) as [keyof AuditFilter, string][]) {
    const given = value.trim();
    if (given === '') continue;
    if (name === 'from' || name === 'to') {
      const ms = new Date(given).getTime();
      if (!Number.isNaN(ms)) query[name] = String(ms);
    } else query[name] = given;
  }
  return query;
};

const AuditView = () => {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [rows, setRows] = useState<AuditRows>([]);
  const [next, setNext] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const load = async (before?: number, using = filter) => {
    const res = await adminApi.audit({ ...auditQuery(using), before });
    if (!res.ok) return setMessage(res.error.message);
    setMessage('');
    setRows(before ? [...rows, ...res.data.events] : res.data.events);
    setNext(res.data.next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page once, on opening
  useEffect(() => {
    void load();
  }, []);
  const field = (name: keyof AuditFilter, type: 'text' | 'number' | 'datetime-local') => (
    <label key={name} className="block min-w-0 text-sm text-slate-700">
      {t(`admin.audit.${name}`)}
      <input
        name={name}
        type={type}
        value={filter[name]}
        onChange={(event) => setFilter({ ...filter, [name]: event.target.value })}
        className={`${input} mt-1`}
      />
    </label>
  );
  return (
    <div className="space-y-4">
      <form
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <div className="grid gap-3 tablet:grid-cols-2 desktop:grid-cols-4">
          {field('account', 'text')}
          {field('event', 'text')}
          {field('operator', 'text')}
          {field('tool', 'number')}
        </div>
        <div className="grid gap-3 tablet:grid-cols-2 desktop:grid-cols-[1fr_1fr_auto] desktop:items-end">
          {field('from', 'datetime-local')}
          {field('to', 'datetime-local')}
          <div className="flex flex-wrap gap-2 tablet:col-span-2 desktop:col-span-1">
            <button type="submit" className={primary}>
              {t('admin.audit.filter')}
            </button>
            <button
              type="button"
              className={button}
              onClick={() => {
                setFilter(NO_FILTER);
                void load(undefined, NO_FILTER);
              }}
            >
              {t('admin.audit.clear')}
            </button>
            <a className={button} href={auditCsvHref(auditQuery(filter))} download>
              {t('admin.audit.csv')}
            </a>
          </div>
        </div>
      </form>
      <p role="status" className="text-sm text-red-700">
        {message}
      </p>
      <AuditTable rows={rows} />
      {next !== null && (
        <button type="button" className={button} onClick={() => void load(next)}>
          {t('admin.more')}
        </button>
      )}
    </div>
  );
};

/**
 * The operator console (docs/console.md): account search, an account's page with its audited
 * actions, and the audit log. Its own lazy chunk; the server answers 404 for /admin to anyone
 * without a console role, and every call is checked again on the server.
 */
const AdminScreen = () => {
  const { t } = useTranslation('admin');
  useDocumentTitle(documentTitle(t('admin.title')));
  const [me, setMe] = useState<{ email: string | null; role: string } | null>(null);
  const [refusal, setRefusal] = useState('');
  const word = useWord();
  const [tab, setTab] = useState<'overview' | 'accounts' | 'audit' | 'tools' | 'clients'>('overview');
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    void adminApi.me().then((res) => {
      if (res.ok) setMe(res.data);
      else
        setRefusal(
          res.error.code === 'admin.second_factor_required' ? t('admin.secondFactor') : res.error.message,
        );
    });
  }, [t]);
  return (
    <div data-screen="admin" className="mx-auto w-full max-w-5xl space-y-4 px-1">
      <h1 className="text-2xl font-semibold text-slate-900">{t('admin.title')}</h1>
      {refusal && <p className="text-sm text-red-700">{refusal}</p>}
      {me && (
        <>
          <p className="text-sm text-slate-600">
            {t('admin.role', { email: me.email ?? '', role: word('roleName', me.role) })}
          </p>
          <div
            role="tablist"
            className="flex flex-wrap gap-x-1 gap-y-1 border-b border-slate-200 tablet:gap-x-2"
          >
            {(
              [
                'overview',
                'accounts',
                'audit',
                ...(me.role === 'admin' ? (['tools', 'clients'] as const) : []),
              ] as const
            ).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${
                  tab === name ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600'
                }`}
                onClick={() => {
                  setTab(name);
                  setOpen(null);
                }}
              >
                {t(`admin.tab.${name}`)}
              </button>
            ))}
          </div>
          {tab === 'overview' ? (
            <Suspense fallback={null}>
              <OverviewView />
            </Suspense>
          ) : tab === 'tools' ? (
            <ToolsView />
          ) : tab === 'clients' ? (
            <ClientsView />
          ) : tab === 'audit' ? (
            <AuditView />
          ) : open ? (
            <AccountView id={open} onBack={() => setOpen(null)} />
          ) : (
            <SearchView onOpen={setOpen} />
          )}
        </>
      )}
    </div>
  );
};

export default AdminScreen;
