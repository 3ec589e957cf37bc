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
}

/**
 * Local and development only: mail goes to the server log and to memory, shown at `/dev/mail`.
 * Its log line carries the text body and so the code, deliberately: it is the one log line that
 * may, and only where no real mail server is configured.
 */
export const createDevMailbox = (options: {
  log: MailLog;
  capacity?: number;
  now?: () => number;
}): DevMailbox => {
  const capacity = options.capacity ?? 100;
  const now = options.now ?? Date.now;
  const messages: DevMail[] = [];
  let lastId = 0;
  const list: DevMailbox['list'] = (filter = {}) => {
    const to = filter.to?.toLowerCase();
    return messages.filter((m) => to === undefined || m.to.toLowerCase() === to).reverse();
  };
  return {
    async send(message) {
      lastId += 1;
      messages.push({ ...message, id: lastId, at: now() });
      if (messages.length > capacity) messages.splice(0, messages.length - capacity);
      options.log.info(
        { to: message.to, subject: message.subject, text: message.text },
        `dev mail to ${message.to}: ${message.subject}`,
      );
    },
    list,
    latestFor: (to) => list({ to })[0],
  };
};

export interface MailSetup {
  transport: MailTransport;
  /** Set only when mail goes to the dev mailbox: register `/dev/mail` for it. */
  devMailbox: DevMailbox | undefined;
}

/** SMTP when `SMTP_URL` is set; otherwise, in local and development only, the dev mailbox. */
export const createMailTransport = (config: Pick<Config, 'appEnv' | 'smtpUrl'>, log: MailLog): MailSetup => {
  if (config.smtpUrl) return { transport: createSmtpTransport(config.smtpUrl), devMailbox: undefined };
  if (config.appEnv !== 'local' && config.appEnv !== 'development') {
    // loadConfig already refuses this; a second guard because the dev mailbox logs codes.
    throw new Error(`SMTP_URL is required when APP_ENV=${config.appEnv}`);
  }
  const devMailbox = createDevMailbox({ log });
  return { transport: devMailbox, devMailbox };
};
