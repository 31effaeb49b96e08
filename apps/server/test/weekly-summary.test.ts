import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWeeklySummaries, WEEKLY_SUMMARY } from '../src/insights/weekly';
import type { Mailer } from '../src/mail/mailer';
import type { MailMessage } from '../src/mail/transport';
import { chatOutput, createAgent } from './helpers/agents';
import { createTestContext, createUser, type TestContext } from './helpers/context';

const ABOUT = 'Padaria Pão Quente. Funcionamos de segunda a sábado, das 6h às 20h. Bolo de cenoura: R$ 25,00.';

function fakeMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { mode: 'outbox', sent, send: async (m) => void sent.push(m), startWorkers: async () => {} };
}

describe('the weekly summary e-mail', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ jobs: true });
  });
  afterAll(() => ctx.close());

  it('is scheduled with pg-boss for Monday 08:00 in São Paulo', async () => {
    const rows = (await ctx.database.db.execute(sql`select name, cron, timezone from pgboss.schedule where name = ${WEEKLY_SUMMARY}`)) as unknown as {
      rows: Array<{ name: string; cron: string; timezone: string }>;
    };
    expect(rows.rows).toEqual([{ name: WEEKLY_SUMMARY, cron: '0 8 * * 1', timezone: 'America/Sao_Paulo' }]);
  });

  it("sums up each agent's week with top and unanswered questions and a link to teach them; once a week; never when switched off", async () => {
    const user = await createUser(ctx);
    const agent = await createAgent(ctx, user, 'Bia');
    const quiet = await createUser(ctx);
    await createAgent(ctx, quiet, 'Sem clientes');
    expect(
      (await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Padaria', about: ABOUT, links: '' } })).status,
    ).toBe(200);
    await chatOutput(ctx, agent.webhookId, 'Vocês entregam em Campinas?', randomUUID());
    await chatOutput(ctx, agent.webhookId, 'fazem entrega pra campinas?', randomUUID());
    await chatOutput(ctx, agent.webhookId, 'Qual o preço do bolo de cenoura?', randomUUID());

    const tomorrow = new Date(Date.now() + 86_400_000);
    const mail = fakeMailer();
    const deps = { db: ctx.database.db, mail, publicUrl: 'http://localhost:3000', logger: pino({ level: 'silent' }) };
    expect(await sendWeeklySummaries(deps, tomorrow)).toBeGreaterThanOrEqual(1);
    const message = mail.sent.find((m) => m.to === user.email)!;
    expect(message.subject).toMatch(/^Resumo da semana dos seus agentes \(\d{2}\/\d{2} a \d{2}\/\d{2}\)$/);
    expect(message.text).toContain('Bia: 3 conversas, 3 mensagens de clientes');
    expect(message.text).toContain('Mais perguntado: “fazem entrega pra campinas?” (2 vezes)');
    expect(message.text).toContain('Sem resposta: “fazem entrega pra campinas?” (2 vezes)');
    expect(message.text).toContain(`Ensinar respostas — Bia: http://localhost:3000/dashboard/agents/${agent.id}/insights`);
    expect(message.html).toContain('Resumo semanal por e-mail');
    // An account without customers that week gets nothing.
    expect(mail.sent.some((m) => m.to === quiet.email)).toBe(false);

    // The same week again (a retried job, another worker): nothing more.
    const again = fakeMailer();
    await sendWeeklySummaries({ ...deps, mail: again }, tomorrow);
    expect(again.sent.some((m) => m.to === user.email)).toBe(false);

    // Switched off in the Painel: the next week's summary is not sent.
    expect(await (await ctx.request('/api/insights/settings', { token: user.token })).json()).toEqual({ weeklySummary: true });
    const off = await ctx.request('/api/insights/settings', { method: 'PUT', token: user.token, json: { weeklySummary: false } });
    expect(await off.json()).toEqual({ weeklySummary: false });
    expect(await (await ctx.request('/api/insights/settings', { token: user.token })).json()).toEqual({ weeklySummary: false });
    await chatOutput(ctx, agent.webhookId, 'Aceitam pix?', randomUUID());
    const nextWeek = fakeMailer();
    await sendWeeklySummaries({ ...deps, mail: nextWeek }, new Date(tomorrow.getTime() + 86_400_000));
    expect(nextWeek.sent.some((m) => m.to === user.email)).toBe(false);
  });
});
