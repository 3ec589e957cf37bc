import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestHub } from './app.js';

/**
 * A browser as the flows see it: it keeps its cookies and sends its Origin. Another instance is
 * another browser (its own flow binding and session).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin: string,
    readonly ip = '203.0.113.7',
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
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
        headers: { origin: this.origin, cookie: this.cookieHeader(), ...headers },
      }),
    );
  }

  async get(url: string) {
    return this.remember(
      await this.app.inject({
        method: 'GET',
        url,
        remoteAddress: this.ip,
        headers: { cookie: this.cookieHeader() },
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
