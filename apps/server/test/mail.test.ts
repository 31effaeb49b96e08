import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../e2e/fakes';
import { MAIL_SEND } from '../src/mail/mailer';
import { accountLinks, passwordResetMessage } from '../src/mail/messages';
import { createMailTransport, outboxTransport } from '../src/mail/transport';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './helpers/context';

let smtp: FakeSmtp;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestContext({ jobs: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Atende <nao-responda@atende.example.com>' } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const waitForMail = (to: string, count = 1) =>
  vi.waitFor(
    () => {
      const inbox = smtp.inbox(to);
      expect(inbox.length).toBeGreaterThanOrEqual(count);
      return inbox;
    },
    { timeout: 20_000, interval: 100 },
  );

async function mailJobs(): Promise<number> {
  const result = (await ctx.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${MAIL_SEND}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]!.n;
}

describe('mail over SMTP', () => {
  it('delivers a queued pt-BR message (text and HTML) with the configured sender, then forgets the job', async () => {
    const links = accountLinks(ctx.config.publicUrl);
    const message = passwordResetMessage({ to: 'joana@example.com', name: 'Joana Araújo', resetUrl: links.resetPassword('tok-123'), validFor: '1 hora' });
    await ctx.services.mail.send(message);
    const [mail] = await waitForMail('joana@example.com');
    expect(mail).toMatchObject({
      envelope: { from: 'nao-responda@atende.example.com', to: ['joana@example.com'] },
      from: '"Atende" <nao-responda@atende.example.com>',
      subject: 'Redefinição da sua senha do Atende',
      links: ['http://localhost:3000/reset-password?token=tok-123'],
    });
    expect(mail!.text).toContain('Olá, Joana Araújo!');
    expect(mail!.text).toContain('O link vale por 1 hora');
    expect(mail!.html).toContain('<a href="http://localhost:3000/reset-password?token=tok-123"');
    expect(mail!.html).toContain('Joana Araújo');
    // The job held an address and a one-time link: it is gone once delivered.
    await vi.waitFor(async () => expect(await mailJobs()).toBe(0), { timeout: 10_000, interval: 100 });
  });

  it('escapes what a person typed in the HTML part', async () => {
    await ctx.services.mail.send(passwordResetMessage({ to: 'xss@example.com', name: '<img src=x onerror=alert(1)>', resetUrl: 'http://localhost:3000/r?a=1&b=2', validFor: '1 hora' }));
    const [mail] = await waitForMail('xss@example.com');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.html).toContain('href="http://localhost:3000/r?a=1&amp;b=2"');
  });

  it('retries a message the server refuses for now (451) until it is accepted', async () => {
    smtp.refuseNext.push({ code: 451, message: 'Try again later' });
    await ctx.services.mail.send({ to: 'retry@example.com', subject: 'Tentativa', text: 'Chegou na segunda.' });
    const inbox = await waitForMail('retry@example.com');
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.text.trim()).toBe('Chegou na segunda.');
    expect(smtp.refuseNext).toHaveLength(0);
  });

  it('gives up at once on a permanent refusal (550) and goes on with the next message', async () => {
    smtp.refuseNext.push({ code: 550, message: 'No such user' });
    await ctx.services.mail.send({ to: 'ninguem@example.com', subject: 'Recusada', text: 'Nunca chega.' });
    await ctx.services.mail.send({ to: 'depois@example.com', subject: 'Seguinte', text: 'Esta chega.' });
    await waitForMail('depois@example.com');
    await vi.waitFor(async () => expect(await mailJobs()).toBe(0), { timeout: 10_000, interval: 100 });
    expect(smtp.inbox('ninguem@example.com')).toHaveLength(0);
  });

  it('keeps a message while the SMTP server is down and delivers it when it is back', async () => {
    const port = smtp.port;
    await smtp.close();
    await ctx.services.mail.send({ to: 'paciente@example.com', subject: 'Espera', text: 'Entregue depois da queda.' });
    // The first attempt fails (connection refused) and the job waits for its retry.
    await vi.waitFor(
      async () => {
        const result = (await ctx.database.db.execute(
          sql`select state, retry_count from pgboss.job where name = ${MAIL_SEND} and data->>'to' = 'paciente@example.com'`,
        )) as unknown as { rows: Array<{ state: string; retry_count: number }> };
        expect(result.rows[0]).toMatchObject({ state: 'retry' });
      },
      { timeout: 20_000, interval: 100 },
    );
    smtp = await startFakeSmtp({ port });
    const [mail] = await waitForMail('paciente@example.com');
    expect(mail!.subject).toBe('Espera');
  });
});

describe('mail without SMTP (the outbox)', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox and logs its links', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atende-outbox-')) });
    expect(createMailTransport(config, pino({ level: 'silent' })).kind).toBe('outbox');
    const lines: string[] = [];
    const logger = pino(new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
    const transport = outboxTransport(config.mail.outboxDir, config.mail.from, logger);
    const url = accountLinks(config.publicUrl).resetPassword('abc');
    await transport.deliver(passwordResetMessage({ to: 'offline@example.com', name: 'Beto', resetUrl: url, validFor: '1 hora' }));

    const dir = path.join(config.dataDir, 'outbox');
    const [name] = readdirSync(dir);
    expect(name).toMatch(/\.eml$/);
    expect(statSync(path.join(dir, name!)).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(readFileSync(path.join(dir, name!)));
    expect(parsed.subject).toBe('Redefinição da sua senha do Atende');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Atende', address: 'nao-responda@localhost' });
    expect([parsed.to].flat()[0]?.text).toBe('offline@example.com');
    expect(parsed.messageId).toBeTruthy();
    expect(parsed.text).toContain(url);
    expect(parsed.html).toContain(`href="${url}"`);
    const entry = JSON.parse(lines.find((l) => l.includes('outbox'))!) as { links: string[]; file: string };
    expect(entry.links).toEqual([url]);
    expect(entry.file).toBe(path.join(dir, name!));
  });
});
