import { authEndpoints } from '@hub/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestHub } from './app.js';

/**
 * A browser as the flows see it: it keeps its cookies and sends its Origin. Another instance is
 * another browser (its own flow binding and session).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** The User-Agent it sends, if any (the account center names devices by it). */
  userAgent: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin: string,
    readonly ip = '203.0.113.7',
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private agent(): Record<string, string> {
    return this.userAgent ? { 'user-agent': this.userAgent } : {};
  }

  private remember(res: LightMyRequestResponse) {
    for (const cookie of res.cookies) this.cookies.set(cookie.name, cookie.value);
    return res;
  }

  async post(url: string, payload: unknown, headers: Record<string, string> = {}) {
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        remoteAddress: this.ip,
        headers: { origin: this.origin, cookie: this.cookieHeader(), ...this.agent(), ...headers },
      }),
    );
  }

  /** Any state-changing method (the account center's DELETE and PATCH), sent like `post`. */
  async send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    return this.remember(
      await this.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        remoteAddress: this.ip,
        headers: { origin: this.origin, cookie: this.cookieHeader(), ...this.agent() },
      }),
    );
  }

  async delete(url: string, payload: unknown = {}) {
    return this.remember(
      await this.app.inject({
        method: 'DELETE',
        url,
        payload: payload as object,
        remoteAddress: this.ip,
        headers: { origin: this.origin, cookie: this.cookieHeader() },
      }),
    );
  }

  async get(url: string) {
    return this.remember(
      await this.app.inject({
        method: 'GET',
        url,
        remoteAddress: this.ip,
        headers: { cookie: this.cookieHeader(), ...this.agent() },
      }),
    );
  }
}

export const browserFor = (hub: TestHub, ip?: string) =>
  new TestBrowser(hub.app, new URL(hub.config.publicUrl).origin, ip);

/** Delivers queued mail through the dev mailbox and returns the newest code sent to `to`. */
export const latestCode = async (hub: TestHub, to: string): Promise<string> => {
  await hub.mailWorker.runOnce();
  const mail = hub.devMailbox?.latestFor(to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was mailed to ${to}`);
  return code;
};

export const strongPassword = 'Maria-Clara-1887';

/** Signs `browser` in with a password through the login screen's two requests (account, password). */
export const signInWith = async (
  browser: TestBrowser,
  account: string,
  { platform = 'psl', password = strongPassword }: { platform?: 'psl' | 'biz'; password?: string } = {},
) => {
  const first = await browser.post(authEndpoints.loginIdentify, { platform, account });
  if (first.statusCode !== 200) throw new Error(`identify: ${first.statusCode} ${first.body}`);
  const second = await browser.post(authEndpoints.loginPassword, { flowId: first.json().flowId, password });
  if (second.statusCode !== 200) throw new Error(`password: ${second.statusCode} ${second.body}`);
  return second;
};
