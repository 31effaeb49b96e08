// Insights benchmark (issue 17): the Painel of an agent with 100,000 messages on PGlite, on the server's own
// modules (the route's function, agentInsights), in process. Writes bench/results/insights.json.
//
//   npx tsx bench/insights.ts        (or: npm run bench:insights)
//
// 1. A PGlite data directory (as `npm start`) gets one account with the target agent — BENCH_MESSAGES (100,000)
//    messages over 90 days: web and WhatsApp conversations of 4 messages (question, answer, question, answer),
//    15% of the answers 'unanswered' with questions in many wordings, some customers asking for a person — and
//    a second agent with a fifth of that, so the queries must pick the agent's rows among others.
// 2. The rollup catches up from nothing (what a server upgraded with old messages does once, in the
//    background): total time and the time of each batch — the longest a chat turn can wait behind it on PGlite.
// 3. BENCH_RUNS (100) readings of the Painel for 30 and 90 days, after 2 warm-up ones: p50/p95/max.
//    The target is p95 ≤ 200 ms. Then the same while 200 new messages arrive between readings (the reading
//    catches up on them first).
// 4. The CSV export of 7 and 30 days and the weekly summary e-mail, timed.
// 5. Matching taught answers (a chat turn's lookup, TaughtAnswerIndex.find) with 500 taught answers: p95 per turn
//    (target ≤ 2 ms), and the first turn after a change, which reads the agent's answers again.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../apps/server/src/db/client';
import { agentInsights } from '../apps/server/src/insights/insights';
import { sendWeeklySummaries } from '../apps/server/src/insights/weekly';
import type { Mailer } from '../apps/server/src/mail/mailer';
import { rollUpBatch } from '../apps/server/src/insights/rollup';
import { createTaughtAnswer, createTaughtAnswerIndex } from '../apps/server/src/learning/taught-answers';
import { exportedCsvBytes, sampled } from './lib/insights-readings';
import { round, summarise } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const DAYS = 90;

/** Questions customers ask the bakery, a few wordings each; the first three groups are not in its knowledge. */
const QUESTIONS = [
  ['Vocês entregam em Campinas?', 'fazem entrega pra campinas?', 'entregam em campinas'],
  ['Tem estacionamento?', 'Vocês têm estacionamento no local?', 'tem estacionamento ai?'],
  ['Aceitam vale refeição?', 'aceita vale refeicao?', 'posso pagar com vale refeição'],
  ['Qual o preço do bolo de cenoura?', 'Quanto custa o bolo de cenoura?', 'bolo de cenoura custa quanto'],
  ['Que horas vocês abrem?', 'Qual o horário de funcionamento?', 'abrem que horas'],
  ['Onde fica a loja?', 'Qual o endereço de vocês?', 'onde fica'],
  ['Aceitam PIX?', 'vcs aceitam pix', 'posso pagar no pix?'],
  ['Fazem bolo sem glúten?', 'tem bolo sem gluten?', 'bolo sem glúten tem?'],
];
const PERSON = 'Quero falar com um atendente';

function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  return work().then((value) => ({ ms: performance.now() - start, value }));
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atende-bench-insights-'));
  const database = await openDatabase({ kind: 'pglite', dir });
  await database.migrate();
  const { db } = database;
  const userId = randomUUID();
  const agentId = randomUUID();
  const otherAgentId = randomUUID();
  await db.execute(sql`insert into "user" (id, name, email) values (${userId}, 'Bench', ${`bench-${userId}@example.com`})`);
  await db.execute(sql`insert into profiles (id, plan) values (${userId}, 'pro')`);
  for (const id of [agentId, otherAgentId]) {
    await db.execute(sql`insert into agents (id, user_id, name, active, webhook_id, storage_webhook_id, system_message)
      values (${id}, ${userId}, 'Bia', true, ${randomUUID()}, ${randomUUID()}, 'Você é a Bia.')`);
  }

  // 1. The messages, written by SQL in one go per agent (4 per conversation, spread over 90 days).
  const questions = QUESTIONS.flat();
  const seed = async (agent: string, count: number) => {
    const conversationsCount = Math.ceil(count / 4);
    const start = performance.now();
    await db.execute(sql`
      insert into conversations (id, agent_id, user_id, channel, session_id, message_count, last_message, last_message_at, created_at)
      select ${agent} || '-' || g, ${agent}, ${userId}, case when g % 3 = 0 then 'whatsapp' else 'web' end,
             case when g % 3 = 0 then (5511900000000 + g)::text else 'k' || md5(${agent} || g) end,
             4, 'última', now() - make_interval(secs => (g::float / ${conversationsCount}) * ${DAYS} * 86400),
             now() - make_interval(secs => (g::float / ${conversationsCount}) * ${DAYS} * 86400)
      from generate_series(1, ${conversationsCount}) g`);
    await db.execute(sql`
      insert into messages (id, conversation_id, role, content, outcome, created_at)
      select ${agent} || '-' || g || '-' || k, ${agent} || '-' || g,
             case when k % 2 = 0 then 'user' else 'assistant' end,
             case when k % 2 = 1 then 'Resposta da Bia.'
                  when k = 2 and g % 40 = 0 then ${PERSON}
                  else (string_to_array(${questions.join('|')}, '|'))[1 + ((g * 7 + k) % ${questions.length})] end,
             case when k % 2 = 0 then null
                  when ((g * 7 + k - 1) % ${questions.length}) < 9 then 'unanswered'
                  when g % 10 = 0 then 'small_talk'
                  else 'answered' end,
             now() - make_interval(secs => (g::float / ${conversationsCount}) * ${DAYS} * 86400 - k * 5)
      from generate_series(1, ${conversationsCount}) g, generate_series(0, 3) k
      order by g desc, k`);
    return performance.now() - start;
  };
  const seedMs = (await seed(agentId, MESSAGES)) + (await seed(otherAgentId, MESSAGES / 5));
  await db.execute(sql`analyze`);
  const [{ n: total } = { n: 0 }] = ((await db.execute(sql`select count(*)::int as n from messages`)) as unknown as { rows: Array<{ n: number }> }).rows;
  console.log(`seeded ${total} messages in ${round(seedMs / 1000)} s`);

  // 2. The rollup from nothing.
  const batches: number[] = [];
  const rollStart = performance.now();
  for (;;) {
    const { ms, value } = await timed(() => rollUpBatch(db, { settleMs: 0 }));
    if (value === 0) break;
    batches.push(ms);
  }
  const rollupMs = performance.now() - rollStart;
  console.log(`rollup: ${total} messages in ${round(rollupMs / 1000)} s, ${batches.length} batches`);

  // 3. The Painel.
  const scope = { agentId, agentName: 'Bia', userId };
  const readings: Record<string, ReturnType<typeof summarise>> = {};
  let sample: Awaited<ReturnType<typeof agentInsights>> | null = null;
  for (const days of [30, 90]) {
    for (let i = 0; i < 2; i++) await agentInsights(db, scope, days);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { ms, value } = await timed(() => agentInsights(db, scope, days));
      samples.push(ms);
      sample = value;
    }
    readings[`days${days}`] = summarise(samples);
    console.log(`insights ${days} days:`, readings[`days${days}`]);
  }
  // With new messages arriving between readings (200 each time, 5 s apart from the last one read).
  const fresh: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 30); i++) {
    await db.execute(sql`
      insert into messages (id, conversation_id, role, content, outcome, created_at)
      select ${randomUUID()} || '-' || g, ${agentId} || '-' || (1 + g), case when g % 2 = 0 then 'user' else 'assistant' end,
             'Vocês entregam em Sorocaba?', case when g % 2 = 0 then null else 'unanswered' end, now() - interval '5 seconds'
      from generate_series(1, 200) g`);
    fresh.push((await timed(() => agentInsights(db, scope, 30))).ms);
  }
  readings.days30WithNewMessages = summarise(fresh);
  console.log('insights 30 days with 200 new messages each time:', readings.days30WithNewMessages);

  // 4. The CSV export of the last 7 and 30 days (read to the end), and the weekly summary e-mail (its reads: the
  //    week's top and unanswered questions of each agent), each run 5 times after one warm-up.
  const exportMs: Record<string, ReturnType<typeof summarise>> = {};
  for (const days of [7, 30]) {
    exportMs[`days${days}`] = (await sampled(() => exportedCsvBytes(db, agentId, days), 5)).ms;
    console.log(`CSV export of ${days} days:`, exportMs[`days${days}`]);
  }
  // E-mails are queued, not sent: the summary's reads are what is timed.
  const outbox: Mailer = { mode: 'outbox', send: async () => {}, startWorkers: async () => {} };
  const weeklyDeps = { db, mail: outbox, publicUrl: 'http://localhost:3000', logger: pino({ level: 'silent' }) };
  const weekly: number[] = [];
  for (let i = 0; i < 6; i++) {
    await db.execute(sql`delete from weekly_summaries`);
    const { ms } = await timed(() => sendWeeklySummaries(weeklyDeps, new Date()));
    if (i > 0) weekly.push(ms);
  }
  const weeklyMs = summarise(weekly);
  console.log('weekly summary (2 agents):', weeklyMs);

  // 5. Taught answers matched in a chat turn.
  for (let i = 0; i < 500; i++) {
    await createTaughtAnswer(db, agentId, { question: `Vocês vendem o produto número ${i} da linha ${i * 7}?`, answer: `Sim, o produto ${i}.` });
  }
  const asks = ['Vocês vendem o produto número 250 da linha 1750?', 'Que horas vocês abrem no domingo?', 'Fazem entrega em Campinas?'];
  const index = createTaughtAnswerIndex(db);
  const reloads: number[] = [];
  for (let i = 0; i < 20; i++) {
    await index.changed(agentId);
    reloads.push((await timed(() => index.find(agentId, asks[i % asks.length]!))).ms);
  }
  const matches: number[] = [];
  for (let i = 0; i < 300; i++) matches.push((await timed(() => index.find(agentId, asks[i % asks.length]!))).ms);
  const taught = summarise(matches);
  const afterChange = summarise(reloads);
  console.log('taught answers (500) matched per turn:', taught, 'first turn after a change:', afterChange);

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverage: os.loadavg().map((x) => round(x)) },
    database: 'pglite (data directory)',
    messages: { total, targetAgent: MESSAGES, seedSeconds: round(seedMs / 1000) },
    rollup: { seconds: round(rollupMs / 1000), batches: batches.length, batchMs: summarise(batches), messagesPerSecond: Math.round(total / (rollupMs / 1000)) },
    insightsMs: readings,
    exportCsvMs: exportMs,
    weeklySummaryMs: weeklyMs,
    targetP95Ms: 200,
    met: Object.values(readings).every((r) => (r.p95 ?? Infinity) <= 200),
    sampleTotals: sample?.totals,
    sampleUnansweredGroups: sample?.unanswered.map((g) => ({ question: g.question, count: g.count, variants: g.variants.length })),
    taughtAnswerMatchMs: { taughtAnswers: 500, ...taught, targetP95Ms: 2, met: (taught.p95 ?? Infinity) <= 2, firstTurnAfterAChange: afterChange },
  };
  writeFileSync(path.join(here, 'results', 'insights.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`bench/results/insights.json written; p95 target met: ${result.met}`);
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
