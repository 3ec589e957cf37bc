import { buildToolCallbackUrl, isReferralKey, type Platform, type ToolSession } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { ToolRow } from '../storage/tools.js';
import { issueAinfo } from './ainfo.js';
import { checkSubcb, registeredCallback } from './callbacks.js';
import { recordReferral } from './referral.js';
import { decideToolAccess, joinTool, type ToolAccess, type ToolReader } from './tool-access.js';

/** Where a sign-in through a tool ends: the tool's callback, or the refusal of a restricted tool. */
export type ToolExit = { location: string } | { notMemberOf: ToolRow };

/**
 * The tool a tool session names, re-derived from the registry (the session only names it), and
 * whether the account may go on to it (sso/tool-access.ts): the pipeline's tool-access step. One
 * read of the tool by its id; a tsa key the session carries must name the same tool.
 */
export const toolAccessOfSession = async (
  hub: Hub,
  tools: ToolReader,
  session: ToolSession,
  accountId: string,
): Promise<ToolAccess & { tool: ToolRow }> => {
  const tool = await tools.byTid(session.tid);
  if (!tool) throw new HubError('sso.tsa_key_missing');
  if (session.tsa_key && (await tools.byKey(session.tsa_key))?.tid !== tool.tid) {
    throw new HubError('sso.tsa_key_missing');
  }
  return (await decideToolAccess(hub, tool, accountId)) as ToolAccess & { tool: ToolRow };
};

/**
 * The way back to a tool (spec §4 "Login" callback parameters) once tool access is decided: the
 * callback is the registered one, and the ainfo is bound to the tool. A refused account gets no
 * ainfo (the callback is still checked first, as it always was); an open tool's new user joins it.
 * Referral keys record the referral (referred_from 1).
 */
export const toolExitUrl = async (
  hub: Hub,
  input: {
    accountId: string;
    platform: Platform;
    session: ToolSession;
    access: ToolAccess & { tool: ToolRow };
    authMethod: string;
    /** The sign-in's RFC 8176 methods, for the ainfo's `amr`. */
    amr?: string[];
    /** When the person last proved who they are (ms), for the ainfo's `auth_time`. */
    authTime?: number;
    /** Spec §4, §9: account type 3 when returning from switching to a tool. */
    fromSwitching?: boolean;
  },
): Promise<ToolExit> => {
  const { session, access } = input;
  const { tool } = access;
  const cb = await registeredCallback(hub.tools, tool.tid, session.cb, hub.config.appEnv);
  const subcb = checkSubcb(session.subcb);
  if (access.decision === 'refuse') return { notMemberOf: tool };
  const now = hub.now();
  const ainfo = await issueAinfo(
    { db: hub.db, keys: hub.keys, issuer: hub.config.publicUrl, now: hub.now },
    {
      accountId: input.accountId,
      accountType: input.fromSwitching ? 3 : input.platform,
      platform: input.platform,
      authMethod: input.authMethod,
      ...(input.amr ? { amr: input.amr } : {}),
      ...(input.authTime !== undefined ? { authTime: input.authTime } : {}),
    },
    { kind: 'tool', tid: tool.tid },
  );
  await joinTool(hub, access, input.accountId, now);
  if (isReferralKey(session.tsa_key)) {
    await recordReferral(hub, hub.db, {
      refAFrnd: session.ref_a_frnd,
      accountId: input.accountId,
      viaTool: true,
      now,
    });
  }
  const location = buildToolCallbackUrl({
    cb,
    ainfo,
    ...(session.tsa_key ? { tsaKey: session.tsa_key } : {}),
    // The tool the request was about (a previewed or purchased tool), else the tool itself.
    tid: session.tinfo[0]?.tid ?? tool.tid,
    platform: input.platform,
    ...(session.pricing ? { pricing: session.pricing } : {}),
    ...(subcb ? { subcb } : {}),
    ...(session.ref_a_frnd ? { refAFrnd: session.ref_a_frnd } : {}),
    ...(input.fromSwitching ? { accountType3: true } : {}),
    ...(session.state ? { state: session.state } : {}),
  });
  return { location };
};
