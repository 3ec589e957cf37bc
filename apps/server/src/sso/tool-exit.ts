import { buildToolCallbackUrl, isReferralKey, type Platform, type ToolSession } from '@hub/core';
import { HubError } from '../errors.js';
import { recordReferral } from '../flows/referral.js';
import type { Hub } from '../hub.js';
import { issueAinfo } from './ainfo.js';
import { checkSubcb, registeredCallback } from './callbacks.js';

/**
 * The way back to a tool (spec §4 "Login" callback parameters): the tool and its callback are
 * re-derived from the registry — the tool session only names them — and the ainfo is bound to
 * the tool. The account joins the tool; referral keys record the referral (referred_from 1).
 */
export const toolExitUrl = async (
  hub: Hub,
  input: {
    accountId: string;
    platform: Platform;
    session: ToolSession;
    authMethod: string;
    /** Spec §4, §9: account type 3 when returning from switching to a tool. */
    fromSwitching?: boolean;
  },
): Promise<string> => {
  const { session } = input;
  const tool = await hub.tools.findByTid(session.tid);
  if (!tool) throw new HubError('sso.tsa_key_missing');
  if (session.tsa_key && (await hub.tools.findByKey(session.tsa_key))?.tid !== tool.tid) {
    throw new HubError('sso.tsa_key_missing');
  }
  const cb = await registeredCallback(hub.tools, tool.tid, session.cb, hub.config.appEnv);
  const subcb = checkSubcb(session.subcb, cb);
  const now = hub.now();
  const ainfo = await issueAinfo(
    { db: hub.db, keys: hub.keys, issuer: hub.config.publicUrl, now: hub.now },
    {
      accountId: input.accountId,
      accountType: input.fromSwitching ? 3 : input.platform,
      platform: input.platform,
      authMethod: input.authMethod,
    },
    { kind: 'tool', tid: tool.tid },
  );
  await hub.tools.addMember(tool.tid, input.accountId, now);
  if (isReferralKey(session.tsa_key)) {
    await recordReferral(hub, hub.db, {
      refAFrnd: session.ref_a_frnd,
      accountId: input.accountId,
      viaTool: true,
      now,
    });
  }
  return buildToolCallbackUrl({
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
};
