import { type AdminToolPage, type AdminToolSummary, appEnvs } from '@hub/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRegistryApi } from '../../api/admin-registry';
import {
  button,
  Check,
  Field,
  input,
  label,
  Panel,
  primary,
  useOutcomeOf,
  useReasonedChanges,
} from './registry-ui';

type Ask = ReturnType<typeof useReasonedChanges>['ask'];
const GRACES = ['0', '1h', '24h', '7d'] as const;

/** The form that registers a tool; its credential is then shown once. */
const RegisterTool = ({ ask }: { ask: Ask }) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const [form, setForm] = useState({ tid: '', name: '', type: '1', logo: '', secondFactor: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(t('admin.tools.register'), async (reason) =>
      outcomeOf(
        await adminRegistryApi.createTool({
          tid: Number(form.tid),
          name: form.name,
          type: Number(form.type),
          logo: form.logo.trim() || null,
          requireSecondFactor: form.secondFactor,
          reason,
        }),
        (data) => ({ secret: data.credential, title: t('admin.tools.newCredential', { tid: data.tid }) }),
      ),
    );
  };
  return (
    <Panel title={t('admin.tools.register')}>
      <form onSubmit={submit} className="grid gap-3 tablet:grid-cols-2 desktop:grid-cols-4">
        <Field
          label={t('admin.tools.tid')}
          name="tid"
          inputMode="numeric"
          pattern="[1-9][0-9]{0,8}"
          required
          value={form.tid}
          onChange={(e) => setForm({ ...form, tid: e.target.value })}
        />
        <Field
          label={t('admin.tools.name')}
          name="name"
          required
          maxLength={100}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <label className={label}>
          {t('admin.tools.type')}
          <input
            name="type"
            inputMode="numeric"
            pattern="[1-9][0-9]{0,3}"
            required
            value={form.type}
            onChange={(e) => setForm({ ...form, type: e.target.value })}
            className={input}
            aria-describedby="admin-tool-type-hint"
          />
        </label>
        <Field
          label={t('admin.tools.logo')}
          name="logo"
          type="text"
          value={form.logo}
          onChange={(e) => setForm({ ...form, logo: e.target.value })}
        />
        <p id="admin-tool-type-hint" className="text-xs text-slate-500 tablet:col-span-2 desktop:col-span-4">
          {t('admin.tools.typeHint')}
        </p>
        <div className="tablet:col-span-2 desktop:col-span-3">
          <Check
            name="secondFactor"
            checked={form.secondFactor}
            onChange={(secondFactor) => setForm({ ...form, secondFactor })}
          >
            {t('admin.tools.secondFactor')}
          </Check>
        </div>
        <div className="flex justify-end">
          <button type="submit" className={primary}>
            {t('admin.tools.register')}
          </button>
        </div>
      </form>
    </Panel>
  );
};

/** The tool's own record: name, type, logo, path prefix, second factor. */
const ToolRecord = ({ page, ask }: { page: AdminToolPage; ask: Ask }) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const { tool } = page;
  const [form, setForm] = useState({
    name: tool.name,
    type: String(tool.type),
    logo: tool.logo ?? '',
    pathPrefix: tool.pathPrefix,
    secondFactor: tool.requireSecondFactor,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(t('admin.registry.edit'), async (reason) =>
      outcomeOf(
        await adminRegistryApi.updateTool(tool.tid, {
          name: form.name,
          type: Number(form.type),
          logo: form.logo.trim() || null,
          pathPrefix: form.pathPrefix.trim(),
          requireSecondFactor: form.secondFactor,
          reason,
        }),
      ),
    );
  };
  const text = (name: 'name' | 'type' | 'logo' | 'pathPrefix', labelKey: `admin.tools.${typeof name}`) => (
    <Field
      label={t(labelKey)}
      name={name}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
    />
  );
  return (
    <Panel title={t('admin.registry.edit')}>
      <form onSubmit={submit} className="grid gap-3 tablet:grid-cols-2">
        {text('name', 'admin.tools.name')}
        {text('type', 'admin.tools.type')}
        {text('logo', 'admin.tools.logo')}
        {text('pathPrefix', 'admin.tools.pathPrefix')}
        <div className="tablet:col-span-2">
          <Check
            name="secondFactor"
            checked={form.secondFactor}
            onChange={(secondFactor) => setForm({ ...form, secondFactor })}
          >
            {t('admin.tools.secondFactor')}
          </Check>
        </div>
        <div className="tablet:col-span-2">
          <button type="submit" className={primary}>
            {t('admin.registry.save')}
          </button>
        </div>
      </form>
    </Panel>
  );
};

/** Callbacks per environment: set one (a name replaces its own), remove one. */
const Callbacks = ({ page, ask }: { page: AdminToolPage; ask: Ask }) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const tid = page.tool.tid;
  const isProtected = page.tool.protectedAs !== null;
  const [form, setForm] = useState({ env: 'production', name: 'auth', url: '' });
  const [force, setForce] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(t('admin.tools.callbacks'), async (reason) =>
      outcomeOf(await adminRegistryApi.changeTool(tid, 'set-callback', { ...form, force, reason })),
    );
  };
  return (
    <Panel title={t('admin.tools.callbacks')}>
      {isProtected && <p className="text-sm text-amber-800">{t('admin.tools.protected')}</p>}
      {page.callbacks.length === 0 ? (
        <p className="text-sm text-slate-500">{t('admin.registry.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {page.callbacks.map((c) => (
            <li
              key={`${c.env}/${c.name}`}
              className="flex flex-wrap items-center gap-2 py-2"
              data-tool-callback
            >
              <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium">{c.env}</span>
              <span className="font-medium">{c.name}</span>
              <span className="min-w-0 flex-1 break-all text-slate-700">{c.url}</span>
              <button
                type="button"
                className={button}
                onClick={() =>
                  ask(`${t('admin.registry.remove')} ${c.env} ${c.name}`, async (reason) =>
                    outcomeOf(
                      await adminRegistryApi.changeTool(tid, 'remove-callback', {
                        env: c.env,
                        name: c.name,
                        force,
                        reason,
                      }),
                    ),
                  )
                }
              >
                {t('admin.registry.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="grid gap-3 tablet:grid-cols-[10rem_8rem_1fr_auto] tablet:items-end">
        <label className={label}>
          {t('admin.tools.env')}
          <select
            name="env"
            value={form.env}
            onChange={(e) => setForm({ ...form, env: e.target.value })}
            className={input}
          >
            {appEnvs.map((env) => (
              <option key={env}>{env}</option>
            ))}
          </select>
        </label>
        <Field
          label={t('admin.tools.callbackName')}
          name="callbackName"
          required
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Field
          label={t('admin.tools.url')}
          name="url"
          type="url"
          required
          value={form.url}
          onChange={(e) => setForm({ ...form, url: e.target.value })}
        />
        <button type="submit" className={primary}>
          {t('admin.registry.add')}
        </button>
        {isProtected && (
          <div className="tablet:col-span-4">
            <Check name="force" checked={force} onChange={setForce}>
              {t('admin.tools.force')}
            </Check>
          </div>
        )}
      </form>
    </Panel>
  );
};

/** A list of names with a remove button each and a form that adds one (tsa keys, members). */
const NamedList = ({
  title,
  fieldLabel,
  items,
  onAdd,
  onRemove,
  note,
}: {
  title: string;
  fieldLabel: string;
  items: { id: string; text: string }[];
  onAdd: (value: string) => void;
  onRemove: (id: string) => void;
  note?: string;
}) => {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState('');
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{t('admin.registry.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-all">{item.text}</span>
              <button type="button" className={button} onClick={() => onRemove(item.id)}>
                {t('admin.registry.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {note && <p className="text-sm text-slate-500">{note}</p>}
      <form
        className="flex flex-col gap-2 tablet:flex-row tablet:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) onAdd(value.trim());
        }}
      >
        <label className={`${label} flex-1`}>
          {fieldLabel}
          <input value={value} required onChange={(e) => setValue(e.target.value)} className={input} />
        </label>
        <button type="submit" className={primary}>
          {t('admin.registry.add')}
        </button>
      </form>
    </Panel>
  );
};

/** The credential: set or not, a grace still running, and its rotation (the new one shown once). */
const Credential = ({ page, ask }: { page: AdminToolPage; ask: Ask }) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const [grace, setGrace] = useState<(typeof GRACES)[number]>('0');
  const { tool } = page;
  return (
    <Panel title={t('admin.tools.credential')}>
      <p className="text-sm">
        {tool.credentialSet ? t('admin.tools.credentialSet') : t('admin.tools.credentialNone')}
      </p>
      {tool.previousCredentialUntil && (
        <p className="text-sm text-slate-600">
          {t('admin.tools.previousUntil', { when: new Date(tool.previousCredentialUntil).toLocaleString() })}
        </p>
      )}
      <form
        className="flex flex-col gap-2 tablet:flex-row tablet:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          ask(t('admin.tools.rotate'), async (reason) =>
            outcomeOf(
              await adminRegistryApi.changeTool(tool.tid, 'rotate-credential', { grace, reason }),
              (data) =>
                typeof data.credential === 'string'
                  ? { secret: data.credential, title: t('admin.tools.newCredential', { tid: tool.tid }) }
                  : undefined,
            ),
          );
        }}
      >
        <label className={`${label} flex-1`}>
          {t('admin.tools.grace')}
          <select
            name="grace"
            value={grace}
            onChange={(e) => setGrace(e.target.value as (typeof GRACES)[number])}
            className={input}
          >
            {GRACES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.tools.grace.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={primary}>
          {t('admin.tools.rotate')}
        </button>
      </form>
    </Panel>
  );
};

/** One tool's page: its record, callbacks, tsa keys, members and credential, each change with a reason. */
const ToolView = ({
  tid,
  onClose,
  onChanged,
}: {
  tid: number;
  onClose: () => void;
  onChanged: () => void;
}) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const [page, setPage] = useState<AdminToolPage | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const res = await adminRegistryApi.tool(tid);
    if (res.ok) setPage(res.data);
    else setError(res.error.message);
  }, [tid]);
  useEffect(() => {
    void load();
  }, [load]);
  const { ask, view } = useReasonedChanges(() => {
    void load();
    onChanged();
  });
  const change = (title: string, kind: Parameters<typeof adminRegistryApi.changeTool>[1], body: object) =>
    ask(title, async (reason) =>
      outcomeOf(await adminRegistryApi.changeTool(tid, kind, { ...body, reason })),
    );
  return (
    <div className="space-y-4" data-admin-tool={tid}>
      <button type="button" className={button} onClick={onClose}>
        {t('admin.registry.close')}
      </button>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {view}
      {page && (
        <>
          <h2 className="break-words text-xl font-semibold text-slate-900">
            {page.tool.name} <span className="text-slate-500">· {page.tool.tid}</span>
          </h2>
          {/* Keyed by the record, so a saved change shows as saved. */}
          <ToolRecord key={JSON.stringify(page.tool)} page={page} ask={ask} />
          <Callbacks page={page} ask={ask} />
          <div className="grid gap-4 tablet:grid-cols-2">
            <NamedList
              title={t('admin.tools.keys')}
              fieldLabel={t('admin.tools.key')}
              items={page.tool.keys.map((key) => ({ id: key, text: key }))}
              onAdd={(key) => change(`${t('admin.registry.add')} ${key}`, 'add-key', { key })}
              onRemove={(key) => change(`${t('admin.registry.remove')} ${key}`, 'remove-key', { key })}
            />
            <NamedList
              title={t('admin.tools.members')}
              fieldLabel={t('admin.tools.member')}
              items={page.members.map((m) => ({ id: m.id, text: m.email ?? m.id }))}
              onAdd={(account) => change(`${t('admin.registry.add')} ${account}`, 'add-member', { account })}
              onRemove={(account) =>
                change(`${t('admin.registry.remove')} ${account}`, 'remove-member', { account })
              }
              note={page.moreMembers ? t('admin.tools.moreMembers') : undefined}
            />
          </div>
          <Credential page={page} ask={ask} />
        </>
      )}
    </div>
  );
};

/**
 * The console's partner tools (docs/console.md "Tools and clients"), admin role: the registry's
 * tools, one tool's page, and registering a new one (its credential shown once).
 */
const ToolsView = () => {
  const { t } = useTranslation('admin');
  const [tools, setTools] = useState<AdminToolSummary[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const load = useCallback(async () => {
    const res = await adminRegistryApi.tools();
    if (res.ok) setTools(res.data.tools);
    else setError(res.error.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const { ask, view } = useReasonedChanges(() => void load());
  if (open !== null)
    return <ToolView tid={open} onClose={() => setOpen(null)} onChanged={() => void load()} />;
  return (
    <div className="space-y-4">
      {error && <p className="text-sm text-red-700">{error}</p>}
      {view}
      <RegisterTool ask={ask} />
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {(tools ?? []).map((tool) => (
          <li key={tool.tid}>
            <button
              type="button"
              className="block w-full px-4 py-3 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              onClick={() => setOpen(tool.tid)}
              data-admin-tool-row={tool.tid}
            >
              <span className="block break-words font-medium text-slate-900">
                {tool.tid} · {tool.name}
              </span>
              <span className="block break-all text-sm text-slate-500">
                {t('admin.tools.type')} {tool.type}
                {tool.keys.length > 0 ? ` · ${tool.keys.join(', ')}` : ''}
                {tool.requireSecondFactor ? ` · ${t('admin.tools.secondFactor')}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};

export default ToolsView;
