import { createTransport } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the worker hands a mail. `send` resolves once the mail server accepted the message. */
export interface MailTransport {
  send(message: MailEnvelope): Promise<void>;
  close?(): void;
}

/** The pino-like logger the mail module writes to (Fastify's `app.log` fits). */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Nodemailer over `SMTP_URL` (`smtp://` with STARTTLS when offered, `smtps://` for implicit TLS).
 * Timeouts keep a dead mail server from holding a worker run: the outbox retries later instead.
 */
export const createSmtpTransport = (smtpUrl: string): MailTransport => {
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Our messages never reference files or URLs to embed; refuse them outright.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
};

export interface DevMail extends MailEnvelope {
  /** Increasing number, newest highest. */
  id: number;
  at: number;
}

export interface DevMailbox extends MailTransport {
  /** Newest first; `to` compares case-insensitively. */
  list(filter?: { to?: string }): DevMail[];
  latestFor(to: string): DevMail | undefined;
  /** Loads the mail a previous run kept in the database (no-op without one). */
  restore(): Promise<void>;
}

/** Where the dev mailbox keeps its mail across restarts (storage/dev-mail.ts on the hub's database). */
export interface DevMailStore {
  insert(mail: Omit<DevMail, 'id'>): Promise<number>;
  newest(limit: number): Promise<DevMail[]>;
  deleteBefore(oldestKept: number): Promise<unknown>;
}

/**
 * Local and development only: mail goes to the server log and to memory, shown at `/dev/mail`,
 * and, with a `store`, to the database too, so that a restart does not empty the mailbox (the
 * newest `capacity` are kept). Its log line carries the text body and so the code, deliberately:
 * it is the one log line that may, and only where no real mail server is configured.
 */
export const createDevMailbox = (options: {
  log: MailLog;
  capacity?: number;
  now?: () => number;
  store?: DevMailStore;
}): DevMailbox => {
  const capacity = options.capacity ?? 100;
  const now = options.now ?? Date.now;
  const { store } = options;
  const messages: DevMail[] = [];
  let lastId = 0;
  const keep = (mail: DevMail) => {
    messages.push(mail);
    lastId = Math.max(lastId, mail.id);
    if (messages.length > capacity) messages.splice(0, messages.length - capacity);
  };
  const list: DevMailbox['list'] = (filter = {}) => {
    const to = filter.to?.toLowerCase();
    return messages.filter((m) => to === undefined || m.to.toLowerCase() === to).reverse();
  };
  return {
    async send(message) {
      const at = now();
      let id = lastId + 1;
      if (store) {
        // The mail still reaches the page and the log when the database refuses it; only a
        // restart would lose it.
        try {
          id = await store.insert({ ...message, at });
          const oldest = id - capacity + 1;
          if (oldest > 1) await store.deleteBefore(oldest);
        } catch (error) {
          options.log.warn({ err: error }, 'dev mailbox: the mail could not be kept in the database');
        }
      }
      keep({ ...message, id: Math.max(id, lastId + 1), at });
      options.log.info(
        { to: message.to, subject: message.subject, text: message.text },
        `dev mail to ${message.to}: ${message.subject}`,
      );
    },
    list,
    latestFor: (to) => list({ to })[0],
    async restore() {
      if (!store) return;
      const kept = await store.newest(capacity);
      messages.length = 0;
      for (const mail of kept) keep(mail);
    },
  };
};

export interface MailSetup {
  transport: MailTransport;
  /** Set only when mail goes to the dev mailbox: register `/dev/mail` for it. */
  devMailbox: DevMailbox | undefined;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise, in local and development only, the dev mailbox, kept in
 * `store` (the hub's database) when one is given.
 */
export const createMailTransport = (
  config: Pick<Config, 'appEnv' | 'smtpUrl'>,
  log: MailLog,
  store?: DevMailStore,
): MailSetup => {
  if (config.smtpUrl) return { transport: createSmtpTransport(config.smtpUrl), devMailbox: undefined };
  if (config.appEnv !== 'local' && config.appEnv !== 'development') {
    // loadConfig already refuses this; a second guard because the dev mailbox logs codes.
    throw new Error(`SMTP_URL is required when APP_ENV=${config.appEnv}`);
  }
  const devMailbox = createDevMailbox({ log, ...(store ? { store } : {}) });
  return { transport: devMailbox, devMailbox };
};
