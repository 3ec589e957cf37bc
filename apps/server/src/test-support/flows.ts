import type { FlowsTable } from '../storage/schema.js';

/** A flow row of no meaning to any route: these tests only ask where its insert went. */
export const strayFlow = (id: string, now = Date.now()): FlowsTable => ({
  id,
  kind: 'login',
  state: 'identified',
  platform: 'psl',
  account_id: null,
  identifier: null,
  identifier_kind: null,
  context: '{}',
  binding_hash: 'x',
  attempts: 0,
  expires_at: now + 60_000,
  created_at: now,
  updated_at: now,
});
