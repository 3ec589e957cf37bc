import type { Config } from '../config.js';
import { DEVICE_SCREEN_PATH, OIDC_ROUTES } from './constants.js';

/** What the user-code screen is told about a refused code (its texts are the web app's). */
export const DEVICE_CODE_PROBLEMS = ['not_found', 'expired', 'used', 'aborted', 'missing', 'failed'] as const;
export type DeviceCodeProblem = (typeof DEVICE_CODE_PROBLEMS)[number];

export interface DeviceContext {
  status: number;
  body: unknown;
  set(name: string, value: string): void;
  query?: Record<string, unknown>;
  oidc: { session?: { state?: { secret?: string } } };
}

/** The form secret oidc-provider binds to the browser's session (its xsrf field). */
const xsrfOf = (ctx: DeviceContext, form: string) =>
  ctx.oidc.session?.state?.secret ?? /name="xsrf" value="([^"]+)"/.exec(form)?.[1] ?? '';

const problemOf = (error: unknown): DeviceCodeProblem => {
  switch ((error as { name?: string } | undefined)?.name) {
    case 'NotFoundError':
      return 'not_found';
    case 'ExpiredError':
      return 'expired';
    case 'AlreadyUsedError':
      return 'used';
    case 'AbortedError':
      return 'aborted';
    case 'NoCodeError':
      return 'missing';
    default:
      return 'failed';
  }
};

/**
 * oidc-provider's pages of the device flow are the hub's screen (apps/web, DEVICE_SCREEN_PATH):
 * each one redirects there with what the screen shows. Its forms post back to the provider's
 * code_verification endpoint with the xsrf secret, which only works with the browser's own
 * provider session cookie.
 */
const toScreen = (ctx: DeviceContext, config: Config, query: Record<string, string>) => {
  const url = new URL(DEVICE_SCREEN_PATH, config.publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  // The body first: Koa answers 204 to a null body, whatever status was set before.
  ctx.body = 'See the device sign-in screen.';
  ctx.status = 303;
  ctx.set('location', url.pathname + url.search);
  ctx.set('cache-control', 'no-store');
};

/**
 * oidc-provider's deviceFlow feature (RFC 8628). User codes are 8 letters of the base-20 alphabet
 * (no vowels, so no words), shown as XXXX-XXXX; a guess is throttled (routes.ts, `deviceCodePerIp`).
 */
export const deviceFlowFeature = (config: Config) => ({
  enabled: true,
  charset: 'base-20',
  mask: '****-****',
  // After a refused code oidc-provider makes a new form secret it does not save (its session is
  // saved before its error handler runs), so the browser goes through the screen's address again
  // (a GET, which saves one) carrying only what went wrong.
  userCodeInputSource: async (ctx: DeviceContext, form: string, _out?: unknown, error?: unknown) => {
    if (error) {
      ctx.body = 'See the device sign-in screen.';
      ctx.status = 303;
      ctx.set('location', `${OIDC_ROUTES.code_verification}?problem=${problemOf(error)}`);
      ctx.set('cache-control', 'no-store');
      return;
    }
    const asked = String(ctx.query?.problem ?? '');
    const problem: Record<string, string> = (DEVICE_CODE_PROBLEMS as readonly string[]).includes(asked)
      ? { problem: asked }
      : {};
    toScreen(ctx, config, { xsrf: xsrfOf(ctx, form), ...problem });
  },
  userCodeConfirmSource: async (
    ctx: DeviceContext,
    form: string,
    client: { clientName?: string; clientId: string },
    _deviceInfo: unknown,
    userCode: string,
  ) =>
    toScreen(ctx, config, {
      xsrf: xsrfOf(ctx, form),
      user_code: userCode,
      client: client.clientName ?? client.clientId,
    }),
  successSource: async (ctx: DeviceContext) => toScreen(ctx, config, { done: '1' }),
});
