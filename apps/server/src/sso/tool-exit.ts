import { buildToolCallbackUrl, isReferralKey, type Platform, type ToolSession } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { ToolRow } from '../storage/tools.js';
import { issueAinfo } from './ainfo.js';
import { checkSubcb, registeredCallback } from './callbacks.js';
import { recordReferral } from './referral.js';

/**
 * Spec §3: type 1 is the open kind of tool, whose users sign in on the normal screens and join it
 * by doing so. Any other type is restricted: only its members get in, and members are added by its
 * operator (`hub tools add-member`), never by signing in or up through it.
 */
export const isRestrictedTool = (tool: Pick<ToolRow, 'type'>) => tool.type !== 1;

/** Where a sign-in through a tool ends: the tool's callback, or the refusal of a restricted tool. */
export type ToolExit = { location: string } | { notMemberOf: ToolRow };

/**
 * The way back to a tool (spec §4 "Login" callback parameters): the tool and its callback are
 * re-derived from the registry — the tool session only names them — and the ainfo is bound to
 * the tool. An open tool's new user joins it; a restricted tool refuses an account that is not
 * its member, whichever screen or method the sign-in came through, before any ainfo exists.
 * Referral keys record the referral (referred_from 1).
 */
export const toolExitUrl = async (
  hub: Hub,
  input: {
    accountId: string;
    platform: Platform;
    session: ToolSession;
    authMethod: string;
    /** The sign-in's RFC 8176 methods, for the ainfo's `amr`. */
    amr?: string[];
    /** Spec §4, §9: account type 3 when returning from switching to a tool. */
    fromSwitching?: boolean;
  },
): Promise<ToolExit> => {
  const { session } = input;
  const tool = await hub.tools.findByTid(session.tid);
  if (!tool) throw new HubError('sso.tsa_key_missing');
  if (session.tsa_key && (await hub.tools.findByKey(session.tsa_key))?.tid !== tool.tid) {
    throw new HubError('sso.tsa_key_missing');
  }
  const cb = await registeredCallback(hub.tools, tool.tid, session.cb, hub.config.appEnv);
  const subcb = checkSubcb(session.subcb);
  if (isRestrictedTool(tool) && !(await hub.tools.isMember(tool.tid, input.accountId))) {
    return { notMemberOf: tool };
  }
  const now = hub.now();
  const ainfo = await issueAinfo(
    { db: hub.db, keys: hub.keys, issuer: hub.config.publicUrl, now: hub.now },
    {
      accountId: input.accountId,
      accountType: input.fromSwitching ? 3 : input.platform,
      platform: input.platform,
      authMethod: input.authMethod,
      ...(input.amr ? { amr: input.amr } : {}),
    },
    { kind: 'tool', tid: tool.tid },
  );
  if (!isRestrictedTool(tool)) await hub.tools.addMember(tool.tid, input.accountId, now);
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
