/**
 * The logger every part of the server writes to, handed in through its deps: Fastify's `app.log`
 * (pino) in a running hub, main's start-up logger before the app exists, an in-memory one in tests.
 * Server code never writes to the console itself, so every line is structured, carries its request
 * id where there is one, and goes through the log redaction.
 */
export interface HubLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** For a caller that has nowhere to write: a one-off tool, or a test that does not read the log. */
export const silentLog: HubLog = { info: () => {}, warn: () => {}, error: () => {} };
