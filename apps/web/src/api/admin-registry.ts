import {
  type AdminToolChange,
  adminActionResultSchema,
  adminClientListSchema,
  adminClientSchema,
  adminClientSecretSchema,
  adminRegistryEndpoints,
  adminToolCredentialSchema,
  adminToolListSchema,
  adminToolPageSchema,
} from '@hub/core';
import { contractCalls } from './client';

const calls = contractCalls(adminRegistryEndpoints);
const encode = encodeURIComponent;
const one = (path: string) => contractCalls({ path });

type Body = Record<string, unknown> & { reason: string };

/** The console's tools and clients (core's contracts/admin-registry.ts, docs/console.md), admin role. */
export const adminRegistryApi = {
  tools: () => calls.get('tools', adminToolListSchema),
  createTool: (body: Body) => calls.post('tools', adminToolCredentialSchema, body),
  tool: (tid: number) =>
    one(adminRegistryEndpoints.tool.replace(':tid', String(tid))).get('path', adminToolPageSchema),
  updateTool: (tid: number, body: Body) =>
    one(adminRegistryEndpoints.tool.replace(':tid', String(tid))).post('path', adminToolPageSchema, body),
  changeTool: (tid: number, change: AdminToolChange, body: Body) =>
    one(adminRegistryEndpoints.toolChange.replace(':tid', String(tid)).replace(':change', change)).post(
      'path',
      adminActionResultSchema,
      body,
    ),
  clients: () => calls.get('clients', adminClientListSchema),
  createClient: (body: Body) => calls.post('clients', adminClientSecretSchema, body),
  updateClient: (clientId: string, body: Body) =>
    one(adminRegistryEndpoints.client.replace(':clientId', encode(clientId))).post(
      'path',
      adminClientSchema,
      body,
    ),
  rotateSecret: (clientId: string, body: Body) =>
    one(adminRegistryEndpoints.clientSecret.replace(':clientId', encode(clientId))).post(
      'path',
      adminClientSecretSchema,
      body,
    ),
};
