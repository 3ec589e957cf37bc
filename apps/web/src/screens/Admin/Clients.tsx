import type { AdminClient } from '@hub/core';
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
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The form that registers a client; a confidential one's secret is then shown once. */
const RegisterClient = ({ ask }: { ask: Ask }) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const [form, setForm] = useState({ name: '', redirectUris: '', scopes: '' });
  const [flags, setFlags] = useState({ public: false, native: false, firstParty: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(t('admin.clients.register'), async (reason) =>
      outcomeOf(
        await adminRegistryApi.createClient({
          name: form.name,
          redirectUris: lines(form.redirectUris),
          ...(form.scopes.trim() ? { scopes: form.scopes.trim() } : {}),
          ...flags,
          reason,
        }),
        (data) =>
          data.client_secret
            ? {
                secret: data.client_secret,
                title: t('admin.clients.newSecret', { clientId: data.client_id }),
              }
            : undefined,
      ),
    );
  };
  return (
    <Panel title={t('admin.clients.register')}>
      <form onSubmit={submit} className="grid gap-3 tablet:grid-cols-2">
        <Field
          label={t('admin.clients.name')}
          name="name"
          required
          maxLength={100}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Field
          label={t('admin.clients.scopes')}
          name="scopes"
          value={form.scopes}
          onChange={(e) => setForm({ ...form, scopes: e.target.value })}
        />
        <label className={`${label} tablet:col-span-2`}>
          {t('admin.clients.redirectUris')}
          <textarea
            name="redirectUris"
            rows={2}
            value={form.redirectUris}
            onChange={(e) => setForm({ ...form, redirectUris: e.target.value })}
            className={input}
          />
        </label>
        <div className="space-y-2 tablet:col-span-2">
          {(['public', 'native', 'firstParty'] as const).map((name) => (
            <Check
              key={name}
              name={name}
              checked={flags[name]}
              onChange={(checked) => setFlags({ ...flags, [name]: checked })}
            >
              {t(`admin.clients.${name}`)}
            </Check>
          ))}
        </div>
        <div>
          <button type="submit" className={primary}>
            {t('admin.clients.register')}
          </button>
        </div>
      </form>
    </Panel>
  );
};

/** A client's editable part: name, redirect URIs, first-party, allowed scopes, security profile. */
const EditClient = ({ client, ask, onClose }: { client: AdminClient; ask: Ask; onClose: () => void }) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const [form, setForm] = useState({
    name: client.name,
    redirectUris: client.redirect_uris.join('\n'),
    scopes: client.scopes?.join(' ') ?? '',
    firstParty: client.first_party,
    profile: client.security_profile === 'fapi2' ? 'fapi2' : 'none',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(`${t('admin.registry.edit')} ${client.name}`, async (reason) =>
      outcomeOf(
        await adminRegistryApi.updateClient(client.client_id, {
          name: form.name,
          redirectUris: lines(form.redirectUris),
          ...(form.scopes.trim() ? { scopes: form.scopes.trim() } : {}),
          firstParty: form.firstParty,
          profile: form.profile,
          reason,
        }),
      ),
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-slate-100 pt-3 tablet:grid-cols-2">
      <Field
        label={t('admin.clients.name')}
        name="name"
        required
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <label className={label}>
        {t('admin.clients.profile')}
        <select
          name="profile"
          value={form.profile}
          onChange={(e) => setForm({ ...form, profile: e.target.value })}
          className={input}
        >
          <option value="none">{t('admin.clients.profile.none')}</option>
          <option value="fapi2">{t('admin.clients.profile.fapi2')}</option>
        </select>
      </label>
      <label className={`${label} tablet:col-span-2`}>
        {t('admin.clients.redirectUris')}
        <textarea
          name="redirectUris"
          rows={2}
          value={form.redirectUris}
          onChange={(e) => setForm({ ...form, redirectUris: e.target.value })}
          className={input}
        />
      </label>
      <label className={`${label} tablet:col-span-2`}>
        {t('admin.clients.scopes')}
        <input
          name="scopes"
          value={form.scopes}
          onChange={(e) => setForm({ ...form, scopes: e.target.value })}
          className={input}
        />
      </label>
      <div className="tablet:col-span-2">
        <Check
          name="firstParty"
          checked={form.firstParty}
          onChange={(firstParty) => setForm({ ...form, firstParty })}
        >
          {t('admin.clients.firstParty')}
        </Check>
      </div>
      <div className="flex gap-2">
        <button type="submit" className={primary}>
          {t('admin.registry.save')}
        </button>
        <button type="button" className={button} onClick={onClose}>
          {t('admin.registry.close')}
        </button>
      </div>
    </form>
  );
};

const ClientCard = ({ client, ask }: { client: AdminClient; ask: Ask }) => {
  const { t } = useTranslation('admin');
  const outcomeOf = useOutcomeOf();
  const [editing, setEditing] = useState(false);
  const rotate = () =>
    ask(`${t('admin.clients.rotate')}: ${client.name}`, async (reason) =>
      outcomeOf(await adminRegistryApi.rotateSecret(client.client_id, { reason }), (data) =>
        data.client_secret
          ? { secret: data.client_secret, title: t('admin.clients.newSecret', { clientId: data.client_id }) }
          : undefined,
      ),
    );
  return (
    <li className="space-y-2 p-4" data-admin-client={client.client_id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900">{client.name}</p>
          <p className="break-all font-mono text-xs text-slate-500">{client.client_id}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            onClick={() => setEditing(!editing)}
            aria-expanded={editing}
          >
            {t('admin.registry.edit')}
          </button>
          {client.has_secret && (
            <button type="button" className={button} onClick={rotate}>
              {t('admin.clients.rotate')}
            </button>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm tablet:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">{t('admin.clients.col.kind')}</dt>
        <dd>
          {client.public ? t('admin.clients.kind.public') : t('admin.clients.kind.confidential')} ·{' '}
          {client.application_type}
          {client.security_profile ? ` · ${client.security_profile}` : ''}
        </dd>
        <dt className="text-slate-500">{t('admin.clients.col.firstParty')}</dt>
        <dd>{client.first_party ? t('admin.registry.yes') : t('admin.registry.no')}</dd>
        <dt className="text-slate-500">{t('admin.clients.col.scopes')}</dt>
        <dd className="break-all">{client.scopes?.join(' ') ?? t('admin.clients.defaultScopes')}</dd>
        <dt className="text-slate-500">{t('admin.clients.col.redirects')}</dt>
        <dd className="break-all">{client.redirect_uris.join(' ') || '-'}</dd>
      </dl>
      {editing && <EditClient client={client} ask={ask} onClose={() => setEditing(false)} />}
    </li>
  );
};

/**
 * The console's OpenID Connect clients (docs/console.md "Tools and clients"), admin role: every
 * client, registering one, editing one, rotating its secret (the new one shown once).
 */
const ClientsView = () => {
  const { t } = useTranslation('admin');
  const [clients, setClients] = useState<AdminClient[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const res = await adminRegistryApi.clients();
    if (res.ok) setClients(res.data.clients);
    else setError(res.error.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const { ask, view } = useReasonedChanges(() => void load());
  return (
    <div className="space-y-4">
      {error && <p className="text-sm text-red-700">{error}</p>}
      {view}
      <RegisterClient ask={ask} />
      {clients && clients.length === 0 && (
        <p className="text-sm text-slate-500">{t('admin.registry.none')}</p>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {(clients ?? []).map((client) => (
          <ClientCard
            key={`${client.client_id}:${client.name}:${client.redirect_uris.join()}`}
            client={client}
            ask={ask}
          />
        ))}
      </ul>
    </div>
  );
};

export default ClientsView;
