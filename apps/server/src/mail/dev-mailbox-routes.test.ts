import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/error-handler.js';
import { registerDevMailbox } from './dev-mailbox-routes.js';
import { verificationCodeMail } from './templates.js';
import { createDevMailbox, type DevMailbox } from './transport.js';

const FROM = 'Account Hub <no-reply@localhost>';

describe('dev mailbox routes', () => {
  let app: FastifyInstance;
  let mailbox: DevMailbox;

  beforeAll(async () => {
    // The same compilers and error handler as buildApp, on a bare instance.
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    let now = Date.UTC(2026, 10, 21, 12);
    mailbox = createDevMailbox({ log: quiet, now: () => (now += 1_000) });
    registerDevMailbox(app, mailbox);
    await app.ready();

    const code = verificationCodeMail({ code: '482913', purpose: 'signup', ttlMinutes: 10 });
    await mailbox.send({ from: FROM, to: 'maria@example.ph', ...code });
    await mailbox.send({
      from: FROM,
      to: 'juan@example.ph',
      subject: '<script>alert(1)</script>',
      text: 'a < b & "c"',
      html: '<p>x</p>',
    });
  });
  afterAll(async () => app?.close());

  it('lists messages newest first on an HTML page that needs no inline script or style', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.body;
    // Scripts only from the hub itself (`<script src>`): nothing inline.
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle=|\son\w+=/i);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('<pre>a &lt; b &amp; &quot;c&quot;</pre>');
    expect(page).toContain('maria@example.ph');
    expect(page).toContain('482913');
    expect(page.indexOf('juan@example.ph')).toBeLessThan(page.indexOf('maria@example.ph'));
    expect(page).toContain('<time datetime="2026-11-21T12:00:01.000Z">');
  });

  it('shows each code large on its own, and refreshes itself through a script of its own origin', async () => {
    const page = (await app.inject({ method: 'GET', url: '/dev/mail' })).body;
    expect(page.match(/data-testid="mail-code">(\d+)</g)).toEqual(['data-testid="mail-code">482913<']);
    expect(page).toContain('<script src="/dev/mail.js" defer></script>');
    expect(page).toContain('data-newest="2"');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const script = await app.inject({ method: 'GET', url: '/dev/mail.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain("'/dev/mail.json'");
    const scoped = (await app.inject({ method: 'GET', url: '/dev/mail?to=maria@example.ph' })).body;
    expect(scoped).toContain('data-newest="1" data-to="maria@example.ph"');
  });

  it('answers the list as JSON, filtered by recipient', async () => {
    const all = await app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json().messages.map((m: { to: string }) => m.to)).toEqual([
      'juan@example.ph',
      'maria@example.ph',
    ]);

    const one = await app.inject({ method: 'GET', url: '/dev/mail.json?to=MARIA@example.ph' });
    const [mail] = one.json().messages;
    expect(one.json().messages).toHaveLength(1);
    expect(mail).toMatchObject({
      to: 'maria@example.ph',
      subject: 'Your Account Hub verification code',
      at: '2026-11-21T12:00:01.000Z',
    });
    expect(mail.text).toContain('482913');
    expect(mail.html).toContain('482913');
  });

  it.each(['/dev/mail.json?to=not-an-email', '/dev/mail?to='])('refuses a bad filter: %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'request.invalid', message: expect.any(String) });
  });
});
