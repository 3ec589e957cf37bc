import {
  apiErrorText,
  type MeAccess,
  type MeAppAccess,
  type MeSummary,
  type MeToolAccess,
  type Platform,
  platformProductNames,
  platforms,
  routePath,
} from '@hub/core';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { meAccessApi } from '../../../api/me-access';
import { ProblemBanner } from '../../../components/auth/ProblemBanner';
import { Banner } from '../../../components/Banner';
import { PlatformBadge } from '../../../components/PlatformBadge';
import { Spinner } from '../../../components/Spinner';
import { TextLink } from '../../../components/TextLink';
import { useApiProblem } from '../../../hooks/use-api-problem';
import { usePlatform } from '../../../hooks/use-platform';
import { PRODUCT_NAME } from '../../../lib/brand';
import { cx } from '../../../lib/class-names';
import { useAccountWords } from '../account-words';
import { confirmDangerButton, dangerButton, SubHeading, secondaryButton } from './list-parts';

type Load = { kind: 'loading' } | { kind: 'ready'; access: MeAccess } | { kind: 'failed'; message: string };

/** The OpenID Connect scopes the page words (what each lets an app see, in the consent screen's words). */
const scopes = ['openid', 'email', 'profile', 'hub'] as const;
const isScope = (scope: string): scope is (typeof scopes)[number] =>
  (scopes as readonly string[]).includes(scope);

/**
 * The account center's Platforms & tools page: the platforms (with the switching flows of the spec),
 * linked accounts, partner tools and OpenID Connect apps, each tool or app with "Remove access".
 */
export const AccessSection = ({ me, refresh }: { me: MeSummary; refresh: () => void }) => {
  const [state, setState] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const { problem, dismiss, show } = useApiProblem();
  const toolsHeading = useRef<HTMLHeadingElement>(null);
  const appsHeading = useRef<HTMLHeadingElement>(null);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const tab = usePlatform() ?? me.homePlatform;
  const { t } = useAccountWords();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `reload` asks again.
  useEffect(() => {
    const controller = new AbortController();
    meAccessApi.access({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setState({ kind: 'ready', access: result.data });
      else if (result.error.code === 'session.required') refresh();
      else setState({ kind: 'failed', message: apiErrorText(result.error) });
    });
    return () => controller.abort();
  }, [attempt, refresh]);

  const removed = (message: string, heading: HTMLHeadingElement | null) => {
    setNotice(message);
    reload();
    heading?.focus();
  };

  const removeTool = async (tool: MeToolAccess) => {
    dismiss();
    setNotice(null);
    const result = await meAccessApi.removeTool(tool.tid);
    if (result.ok || result.error.code === 'tool.access_not_found')
      return removed(t('account.access.removed', { name: tool.name }), toolsHeading.current);
    show(result.error, {}, { retry: () => removeTool(tool) });
  };
  const removeApp = async (app: MeAppAccess) => {
    dismiss();
    setNotice(null);
    const result = await meAccessApi.removeApp(app.clientId);
    if (result.ok || result.error.code === 'oidc.consent_not_found')
      return removed(t('account.access.removed', { name: app.name }), appsHeading.current);
    show(result.error, {}, { retry: () => removeApp(app) });
  };

  if (state.kind === 'loading')
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('loading')} />
      </div>
    );
  if (state.kind === 'failed')
    return (
      <p role="alert" className="text-sm text-red-700">
        {state.message}{' '}
        <button type="button" onClick={reload} className="font-semibold underline">
          {t('tryAgain')}
        </button>
      </p>
    );
  const { access } = state;
  return (
    <div className="space-y-10">
      {notice && (
        <Banner variant="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Banner>
      )}
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      <Platforms access={access} tab={tab} />
      <LinkedAccounts access={access} tab={tab} />
      <ToolsSection tools={access.tools} headingRef={toolsHeading} onRemove={removeTool} />
      <AppsSection apps={access.apps} headingRef={appsHeading} onRemove={removeApp} />
    </div>
  );
};

/** The partner tools the account signs in to, each with "Remove access" where the person decides. */
const ToolsSection = ({
  tools,
  headingRef,
  onRemove,
}: {
  tools: MeToolAccess[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRemove: (tool: MeToolAccess) => Promise<void>;
}) => {
  const { t, date, ago } = useAccountWords();
  const lastSignInWords = (words: string | null) =>
    words === null ? t('account.access.lastSignInNow') : t('account.access.lastSignIn', { ago: words });
  return (
    <section aria-labelledby="tools-heading">
      <SubHeading id="tools-heading" ref={headingRef}>
        {t('account.access.tools')}
      </SubHeading>
      <p className="mt-1 text-sm text-slate-600">{t('account.access.toolsDescription')}</p>
      {tools.length === 0 ? (
        <Empty>{t('account.access.noTools')}</Empty>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="tool-list">
          {tools.map((tool) => (
            <AccessItem
              key={tool.tid}
              testId="tool"
              title={tool.name}
              lines={[
                tool.memberSince !== null
                  ? t('account.access.memberSince', { date: date(tool.memberSince) })
                  : t('account.access.signedInRecently'),
                tool.lastSignInAt !== null ? lastSignInWords(ago(tool.lastSignInAt, Date.now())) : null,
                tool.removable ? null : t('account.access.operatorDecides'),
              ]}
              removeLabel={tool.removable ? t('account.access.removeFor', { name: tool.name }) : null}
              confirmText={t('account.access.toolConfirm', { name: tool.name })}
              onRemove={() => onRemove(tool)}
            />
          ))}
        </ul>
      )}
    </section>
  );
};

/** The OpenID Connect apps the person allowed, with what each can see and "Remove access". */
const AppsSection = ({
  apps,
  headingRef,
  onRemove,
}: {
  apps: MeAppAccess[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRemove: (app: MeAppAccess) => Promise<void>;
}) => {
  const { t } = useAccountWords();
  return (
    <section aria-labelledby="apps-heading">
      <SubHeading id="apps-heading" ref={headingRef}>
        {t('account.access.apps')}
      </SubHeading>
      <p className="mt-1 text-sm text-slate-600">
        {t('account.access.appsDescription', { product: PRODUCT_NAME })}
      </p>
      {apps.length === 0 ? (
        <Empty>{t('account.access.noApps')}</Empty>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="app-list">
          {apps.map((app) => (
            <AccessItem
              key={app.clientId}
              testId="app"
              title={app.name}
              lines={[
                t('account.access.canSee', {
                  scopes: app.scopes.map((s) => (isScope(s) ? t(`account.scope.${s}`) : s)).join(', '),
                }),
              ]}
              removeLabel={t('account.access.removeFor', { name: app.name })}
              confirmText={t('account.access.appConfirm', { name: app.name })}
              onRemove={() => onRemove(app)}
            />
          ))}
        </ul>
      )}
    </section>
  );
};

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="mt-4 text-sm text-slate-600">{children}</p>
);

/** The platforms, home and default marked, with the spec's switching flows where they apply. */
const Platforms = ({ access, tab }: { access: MeAccess; tab: Platform }) => {
  const missing = platforms.filter((p) => !access.platforms.some((m) => m.platform === p));
  const { t, date } = useAccountWords();
  return (
    <section aria-labelledby="platforms-heading">
      <SubHeading id="platforms-heading">{t('account.platforms')}</SubHeading>
      <ul className="mt-4 space-y-3" data-testid="platform-list">
        {access.platforms.map((m) => (
          <li
            key={m.platform}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl p-4 ring-1 ring-slate-900/10"
          >
            <PlatformBadge platform={m.platform} />
            {m.home && <Tag>{t('account.home')}</Tag>}
            {m.isDefault && <Tag>{t('account.default')}</Tag>}
            <span className="w-full text-sm text-slate-600 tablet:ml-auto tablet:w-auto">
              {t('account.since', { date: date(m.since) })}
            </span>
          </li>
        ))}
      </ul>
      <ul className="mt-4 space-y-1 text-sm">
        {access.platforms.length > 1 && (
          <li>
            <TextLink to={routePath('switching_option3', { platform: tab })}>
              {t('account.access.chooseDefault')}
            </TextLink>
          </li>
        )}
        {missing.map((p) => (
          <li key={p}>
            <TextLink to={routePath('login', { platform: p })}>
              {t('account.access.useOn', { platform: platformProductNames[p] })}
            </TextLink>
          </li>
        ))}
      </ul>
    </section>
  );
};

const Tag = ({ children }: { children: ReactNode }) => (
  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
    {children}
  </span>
);

/** Parent and work-account links, both ways. */
const LinkedAccounts = ({ access, tab }: { access: MeAccess; tab: Platform }) => {
  const { parent, businessOwner, children, workAccounts } = access.links;
  const { t, date } = useAccountWords();
  const rows: Array<[string, MeAccess['links']['children'][number]]> = [
    ...(parent ? [[t('account.links.parent'), parent] as [string, typeof parent]] : []),
    ...(businessOwner
      ? [[t('account.links.businessOwner'), businessOwner] as [string, typeof businessOwner]]
      : []),
    ...children.map((c): [string, typeof c] => [t('account.links.child'), c]),
    ...workAccounts.map((w): [string, typeof w] => [t('account.links.work'), w]),
  ];
  return (
    <section aria-labelledby="links-heading">
      <SubHeading id="links-heading">{t('account.links.title')}</SubHeading>
      {rows.length === 0 ? (
        <Empty>{t('account.links.none')}</Empty>
      ) : (
        <ul
          className="mt-4 divide-y divide-slate-900/10 rounded-xl ring-1 ring-slate-900/10"
          data-testid="link-list"
        >
          {rows.map(([label, link]) => (
            <li
              key={`${label}:${link.account.display}`}
              className="flex flex-col gap-0.5 px-4 py-3 text-sm tablet:flex-row tablet:gap-4"
            >
              <span className="shrink-0 font-medium text-slate-900 tablet:w-36">{label}</span>
              <span className="min-w-0 break-words text-slate-700">{link.account.display}</span>
              <span className="text-slate-600 tablet:ml-auto">
                {t('account.since', { date: date(link.since) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {access.mayLinkParent && (
        <p className="mt-3 text-sm">
          <TextLink to={routePath('switching_option2', { platform: tab })}>
            {t('account.links.linkParent')}
          </TextLink>
        </p>
      )}
    </section>
  );
};

/** A tool or an app, with "Remove access" asking once more before it acts. */
const AccessItem = ({
  testId,
  title,
  lines,
  removeLabel,
  confirmText,
  onRemove,
}: {
  testId: string;
  title: string;
  lines: Array<string | null>;
  /** Null: the person cannot remove it here. */
  removeLabel: string | null;
  confirmText: string;
  onRemove: () => Promise<void>;
}) => {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const { t } = useAccountWords();
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const remove = async () => {
    if (busy) return;
    setBusy(true);
    await onRemove();
    setBusy(false);
    setConfirming(false);
  };
  return (
    <li data-testid={testId} className="rounded-xl p-4 ring-1 ring-slate-900/10">
      <div className="flex flex-col gap-3 tablet:flex-row tablet:items-start tablet:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{title}</p>
          {lines.filter(Boolean).map((line) => (
            <p key={line} className="mt-0.5 text-sm text-slate-600">
              {line}
            </p>
          ))}
        </div>
        {removeLabel && !confirming && (
          <button
            type="button"
            aria-label={removeLabel}
            onClick={() => setConfirming(true)}
            className={cx(dangerButton, 'shrink-0 self-start')}
          >
            {t('account.access.remove')}
          </button>
        )}
      </div>
      {confirming && (
        <div className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-slate-800">
          <p>{confirmText}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={confirmRef}
              type="button"
              onClick={remove}
              aria-busy={busy || undefined}
              className={confirmDangerButton}
            >
              {busy && <Spinner size="sm" tone="inverse" />}
              {t('account.access.remove')}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={secondaryButton}>
              {t('account.cancel')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
};
