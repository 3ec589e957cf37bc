import { authEndpoints, encodeBase64Account, encodeSainfo } from '@hub/core';
import type { BrowserContext } from 'playwright-core';
import type { ParsedMail, SmtpSink } from '../../apps/server/src/test-support/smtp-sink.js';
import { codeFromMail, journeyPassword } from './auth.js';

/**
 * Seeding through the hub's public API from a browser context's own request client: it shares the
 * context's cookies (the flow binding, then the session), and sends the hub's Origin as the hub's
 * pages do. Quicker than the screens, which e2e/auth.test.ts already drives.
 */
const postJson = async (context: BrowserContext, hubUrl: string, path: string, data: unknown) => {
  const response = await context.request.post(`${hubUrl}${path}`, { data, headers: { Origin: hubUrl } });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${path}: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return body;
};

/** A whole sign-up by API, leaving `context` signed in as the new account. */
export const signUpByApi = async (
  context: BrowserContext,
  hubUrl: string,
  sink: SmtpSink,
  platform: 'psl' | 'biz',
  email: string,
) => {
  const before = sink.messages.length;
  const { flowId } = await postJson(context, hubUrl, authEndpoints.signupStart, { platform, account: email });
  const code = await codeFromMail(sink, email, before);
  await postJson(context, hubUrl, authEndpoints.signupVerify, { flowId, code });
  await postJson(context, hubUrl, authEndpoints.signupFinalize, { flowId, password: journeyPassword });
};

/** A login by API, leaving `context` signed in. */
export const logInByApi = async (
  context: BrowserContext,
  hubUrl: string,
  platform: 'psl' | 'biz',
  account: string,
  password = journeyPassword,
) => {
  const step = await postJson(context, hubUrl, authEndpoints.loginIdentify, { platform, account });
  if (step.next !== 'password')
    throw new Error(`login of ${account} on ${platform}: ${JSON.stringify(step)}`);
  await postJson(context, hubUrl, authEndpoints.loginPassword, { flowId: step.flowId, password });
};

/** The sainfo the login puts on its redirect to switching option1 (spec §3), for `email`. */
export const switchingSainfo = (email: string) =>
  encodeSainfo({
    va: 'email',
    account: encodeBase64Account(`account_${email}`),
    step: 1,
    srf: 'default',
    rrf: 'foundation',
  });

/** The verification link and the 6-digit code of a work-account invitation mail. */
export const invitationIn = (mail: ParsedMail) => {
  const link = /(https?:\/\/\S+\/comp\/account\/verification\?invite=[\w-]+)/.exec(mail.text)?.[1];
  // The code stands on a line of its own (the link may hold digits too).
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!link || !code) throw new Error(`no invitation link or code in:\n${mail.text}`);
  return { link, code };
};
