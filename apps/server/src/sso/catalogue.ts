import { type AppEnv, appEnvs, MARKETPLACE_CHECKOUT_PATH, PLATFORM_EXIT_PATH } from '@hub/core';
import type { Kysely } from 'kysely';
import { sha256 } from '../services/tokens.js';
import type { Database } from '../storage/schema.js';
import { createToolQueries } from '../storage/tools.js';
import { localDemoCredential } from './credentials.js';

interface CatalogueTool {
  tid: number;
  name: string;
  type: number;
  code: string;
  keys: string[];
  pathPrefix?: string;
  /** Callback names in order; 'checkout' is the marketplace's first (spec §3: the checkout URL). */
  callbacks: Array<{ name: string; path: string }>;
  /** Environments the tool has callbacks in (all by default). */
  envs?: AppEnv[];
}

const auth = { name: 'auth', path: PLATFORM_EXIT_PATH };

/**
 * The local catalogue (APP_ENV=local): every tool code of spec §9 and every tsa_key of spec §3,
 * plus a generic type-1 tool, a tool-login tool and a tool without a local callback, so every
 * branch of the SSO handler can be tried on a fresh clone.
 */
export const localCatalogue: CatalogueTool[] = [
  // The platforms themselves, under their default tool ids outside production (spec §9): their
  // credentials call the server-to-server APIs (work accounts, account/read).
  { tid: 18, name: 'Personal', type: 1, code: 'PSL', keys: [], callbacks: [] },
  { tid: 13, name: 'Business', type: 1, code: 'BIZ', keys: [], callbacks: [] },
  {
    tid: 101,
    name: 'Marketplace',
    type: 1,
    code: 'MP',
    keys: [
      'MP_SSO_RQX',
      'MP_MARKET_CHECKOUT_SSO_RQX',
      'MP_DIRECT_CHECKOUT_RQX',
      'TOOL_MARKET_PREVIEW_SSO_RQX',
    ],
    callbacks: [{ name: 'checkout', path: MARKETPLACE_CHECKOUT_PATH }, auth],
  },
  { tid: 201, name: 'Chat', type: 1, code: 'PCHT', keys: ['PCHT_SSO_RQX'], callbacks: [auth] },
  {
    tid: 202,
    name: 'Shop',
    type: 1,
    code: 'PFSHP',
    keys: ['PFSHP_SSO_RQX', 'PFSHP_SSO_DIRECT_RQX'],
    pathPrefix: '/psl',
    callbacks: [auth],
  },
  {
    tid: 203,
    name: 'HR',
    type: 1,
    code: 'PHRC',
    keys: ['PHRC_SSO_RQX', 'PHRC_SSO_DIRECT_RQX'],
    callbacks: [auth],
  },
  {
    tid: 204,
    name: 'Jobs',
    type: 1,
    code: 'PFJOB',
    keys: ['PFJOB_SSO_RQX', 'PFJOB_SSO_DIRECT_RQX'],
    callbacks: [auth],
  },
  {
    tid: 205,
    name: 'Referral',
    type: 1,
    code: 'PFREFERRAL',
    keys: ['PFREFERRAL_SSO_RQX', 'PFREFERRAL_SSO_DIRECT_RQX'],
    callbacks: [auth],
  },
  {
    tid: 206,
    name: 'Pay & Share Wallet',
    type: 1,
    code: 'PFPAYMESHARE',
    keys: ['PFPAYMESHARE_SSO_RQX', 'PFPAYMESHARE_SSO_DIRECT_RQX'],
    pathPrefix: '/psl/wallet',
    callbacks: [auth],
  },
  { tid: 301, name: 'CPA Review', type: 1, code: 'CPA', keys: ['CPA_REVIEW_RQX'], callbacks: [auth] },
  { tid: 302, name: 'Partner Desk', type: 2, code: 'DESK', keys: ['PARTNER_DESK_RQX'], callbacks: [auth] },
  {
    tid: 303,
    name: 'Offline Tool',
    type: 1,
    code: 'OFFLINE',
    keys: ['OFFLINE_TOOL_RQX'],
    callbacks: [auth],
    envs: ['production'],
  },
];

/** Where a seeded tool's callback lives in an environment: the demo tool locally, example hosts elsewhere. */
const callbackBase = (tool: CatalogueTool, env: AppEnv, demoToolUrl: string) =>
  env === 'local'
    ? `${demoToolUrl}/t/${tool.tid}`
    : `https://${tool.code.toLowerCase()}${env === 'production' ? '' : `.${env}`}.example.ph`;

/** Seeds the local catalogue; idempotent (tools and keys are kept, callbacks refreshed). */
export const seedLocalCatalogue = async (db: Kysely<Database>, demoToolUrl: string, now: number) => {
  const tools = createToolQueries(db);
  for (const tool of localCatalogue) {
    await tools.insertIfAbsent({
      tid: tool.tid,
      name: tool.name,
      type: tool.type,
      logo: `/tool-logos/${tool.code.toLowerCase()}.svg`,
      path_prefix: tool.pathPrefix ?? '',
      credential_hash: sha256(localDemoCredential(tool.tid)),
      created_at: now,
      updated_at: now,
    });
    for (const key of tool.keys) await tools.addKeyIfAbsent(tool.tid, key, now);
    for (const env of tool.envs ?? appEnvs) {
      for (const [position, callback] of tool.callbacks.entries()) {
        const url = `${callbackBase(tool, env, demoToolUrl)}${tool.pathPrefix ?? ''}${callback.path}`;
        await tools.setCallback({ tid: tool.tid, env, name: callback.name, url, position });
      }
    }
  }
};
