import type { AddressInfo } from 'node:net';
import PostalMime, { type Address } from 'postal-mime';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

/** A message the sink received, parsed as a mail client would. */
export interface ParsedMail {
  /** SMTP envelope: MAIL FROM and RCPT TO, lower-cased. */
  envelope: { from: string; to: string[] };
  from: string | undefined;
  /** Addresses of the To header, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Date header, ISO 8601. */
  date: string | undefined;
  /** Real time the sink accepted it. */
  receivedAt: number;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`, ready for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received, oldest first. */
  messages: ParsedMail[];
  /**
   * The first message to `to` (case-insensitive, envelope or header) among `messages[after…]`, waiting
   * up to `timeoutMs` (5 s) for it. Take `after = sink.messages.length` before the action under test.
   */
  waitFor(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ParsedMail>;
  /** While down, every connection is answered `421` (service not available), as by a mail server that is down. */
  setDown(down: boolean): void;
  stop(): Promise<void>;
}

const addresses = (list: Address[] | undefined): string[] =>
  (list ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address ?? ''])).map(lower);

const lower = (value: string) => value.toLowerCase();

const isFor = (mail: ParsedMail, to: string) => {
  const wanted = lower(to);
  return mail.envelope.to.includes(wanted) || mail.to.includes(wanted);
};

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps what it receives. */
export const startSmtpSink = async (): Promise<SmtpSink> => {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let down = false;

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onConnect(_session, callback) {
      if (!down) return callback();
      const error: SMTPServerError = new Error('Service not available, try again later');
      error.responseCode = 421;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            const mailFrom = session.envelope.mailFrom;
            messages.push({
              envelope: {
                from: mailFrom ? lower(mailFrom.address) : '',
                to: session.envelope.rcptTo.map((r) => lower(r.address)),
              },
              from: email.from?.address,
              to: addresses(email.to),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              date: email.date,
              receivedAt: Date.now(),
            });
            for (const wake of waiters) wake();
            // Accept only now: when the client's send resolves, the message is already in `messages`.
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  const waitFor: SmtpSink['waitFor'] = (to, options = {}) => {
    const { timeoutMs = 5_000, after = 0 } = options;
    const find = () => messages.slice(after).find((mail) => isFor(mail, to));
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        const seen = messages.slice(after).map((m) => m.envelope.to.join(','));
        reject(
          new Error(`no mail to ${to} within ${timeoutMs} ms (received for: ${seen.join('; ') || 'nobody'})`),
        );
      }, timeoutMs);
      waiters.add(wake);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor,
    setDown: (value) => {
      down = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The 6-digit code in a mail's text part. */
export const extractCode = (mail: Pick<ParsedMail, 'text'>): string => {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error('no 6-digit code in the mail text');
  return match[1];
};
