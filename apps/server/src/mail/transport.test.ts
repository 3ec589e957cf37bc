import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractCode, type SmtpSink, startSmtpSink } from '../test-support/smtp-sink.js';
import { verificationCodeMail } from './templates.js';
import { createDevMailbox, createMailTransport, createSmtpTransport, type MailLog } from './transport.js';

const FROM = 'Account Hub <no-reply@hub.example.ph>';
const silent: MailLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('SMTP transport', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.stop());

  it('hands a two-part mail to a real SMTP server', async () => {
    const transport = createSmtpTransport(sink.url);
    const mail = verificationCodeMail({ code: '730411', purpose: 'reset', ttlMinutes: 10 });
    await transport.send({ from: FROM, to: 'Juan@Example.PH', ...mail });
    const received = await sink.waitFor('juan@example.ph');
    expect(received.subject).toBe('Your Account Hub password reset code');
    expect(extractCode(received)).toBe('730411');
    expect(received.html).toContain('730411');
    expect(received.date).toBeDefined();
    transport.close?.();
  });

  it('rejects while the mail server is down, and sends again once it is back', async () => {
    const transport = createSmtpTransport(sink.url);
    const message = { from: FROM, to: 'ana@example.ph', subject: 'Hi', text: 'hello', html: '<p>hello</p>' };
    sink.setDown(true);
    await expect(transport.send(message)).rejects.toThrow(/421/);
    sink.setDown(false);
    const mark = sink.messages.length;
    await transport.send(message);
    expect((await sink.waitFor('ana@example.ph', { after: mark })).text.trim()).toBe('hello');
  });
});

describe('dev mailbox', () => {
  it('logs the mail, with its text, and keeps the newest messages', async () => {
    const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
    const log: MailLog = { ...silent, info: (details, message) => logged.push({ details, message }) };
    let now = 1_000;
    const mailbox = createDevMailbox({ log, capacity: 2, now: () => now++ });

    await mailbox.send({
      from: FROM,
      to: 'a@example.ph',
      subject: 'One',
      text: 'code 111111',
      html: '<p>1</p>',
    });
    await mailbox.send({
      from: FROM,
      to: 'B@example.ph',
      subject: 'Two',
      text: 'code 222222',
      html: '<p>2</p>',
    });
    await mailbox.send({
      from: FROM,
      to: 'a@example.ph',
      subject: 'Three',
      text: 'code 333333',
      html: '<p>3</p>',
    });

    expect(logged[0]).toEqual({
      message: 'dev mail to a@example.ph: One',
      details: { to: 'a@example.ph', subject: 'One', text: 'code 111111' },
    });
    expect(mailbox.list().map((m) => m.subject)).toEqual(['Three', 'Two']);
    expect(mailbox.list({ to: 'b@EXAMPLE.ph' }).map((m) => [m.id, m.at])).toEqual([[2, 1_001]]);
    expect(mailbox.latestFor('A@example.ph')?.subject).toBe('Three');
    expect(mailbox.latestFor('nobody@example.ph')).toBeUndefined();
  });
});

describe('createMailTransport', () => {
  it('uses SMTP when SMTP_URL is set', () => {
    const setup = createMailTransport({ appEnv: 'production', smtpUrl: 'smtp://127.0.0.1:2525' }, silent);
    expect(setup.devMailbox).toBeUndefined();
    setup.transport.close?.();
  });

  it.each(['local', 'development'] as const)('uses the dev mailbox without SMTP_URL in %s', (appEnv) => {
    const setup = createMailTransport({ appEnv, smtpUrl: undefined }, silent);
    expect(setup.devMailbox).toBeDefined();
    expect(setup.transport).toBe(setup.devMailbox);
  });

  it.each(['sandbox', 'production'] as const)('never falls back to the dev mailbox in %s', (appEnv) => {
    expect(() => createMailTransport({ appEnv, smtpUrl: undefined }, silent)).toThrow(/SMTP_URL/);
  });
});
