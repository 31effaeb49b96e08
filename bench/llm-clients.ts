/**
 * The model call of one chat turn, client by client (issue 19, ADR 0010): CPU time this process spends
 * per call to the zero-latency fake LLM (in its own process), with the hot path's real payload — the
 * system prompt with three retrieved passages, a full 15-message memory window, the calculator tool —
 * as JSON and as a stream. Clients take turns (rounds × clients, rotating) so machine load falls on all.
 *
 *   node --import tsx bench/llm-clients.ts
 *
 * Clients: `own` (apps/server/src/lib/openai-compatible.ts, what the server uses), and the candidates it
 * was chosen over, each measured when its package is installed outside the project:
 *   BENCH_COMPARE       another checkout (a worktree of main): its openai-compatible.ts as `own@base`
 *   BENCH_CLIENT_MODULES  name=path[,name=path…]: other modules exporting createOpenAICompatibleClient (variants
 *                       of the own client's transport, e.g. on undici), each measured as `name`
 *   AI_SDK_PACKAGE_DIR  the Vercel AI SDK (streamText / generateText, JSON-schema tool, no zod):
 *                       npm install --prefix /tmp/ai-sdk ai@6.0.326 @ai-sdk/openai-compatible@2.0.87
 *   OPENAI_PACKAGE_DIR  the official client: npm install --prefix /tmp/openai openai@7.57.0
 * Writes bench/results/llm-clients.json.
 * Environment: BENCH_SECONDS per client and round (default 3), BENCH_ROUNDS (default 3), BENCH_CONCURRENCY (default 10),
 * BENCH_CLIENTS (names to measure, comma-separated; default all).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSystemPrompt } from '../apps/server/src/chat/prompt';
import { CALCULATOR_TOOL } from '../apps/server/src/chat/llm';
import { createOpenAICompatibleClient, withTimeLimit, type ChatMessage } from '../apps/server/src/lib/openai-compatible';
import { firstJsonLine, startChild, cleanUp } from './lib/processes.mjs';
import { percentile, round, summarise } from './lib/stats.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const MODEL = 'bench-model';

type Call = (messages: ChatMessage[], stream: boolean) => Promise<string>;
interface Client {
  name: string;
  version: string;
  call: Call;
}

const passage = (i: number) => ({
  id: `p${i}`,
  sourceName: 'Base de conhecimento',
  sourceType: 'text',
  score: 1,
  content: `Trecho ${i}: o Café Aurora abre de segunda a sexta, das 7h às 19h, e aos sábados das 8h às 14h. Entregamos em um raio de 5 km com taxa fixa de R$ 7,00; pedidos acima de R$ 80,00 têm entrega grátis. Aceitamos Pix, cartões e vale-refeição. `.repeat(2),
});
const SYSTEM = buildSystemPrompt('Você é a atendente do Café Aurora: simpática, objetiva, em português do Brasil.', [0, 1, 2].map(passage));
const HISTORY: ChatMessage[] = Array.from({ length: 15 }, (_, i) =>
  i % 2 === 0 ? { role: 'user', content: `Pergunta número ${i} sobre entregas e horários?` } : { role: 'assistant', content: `Você disse: pergunta número ${i - 1} sobre entregas e horários? (Fonte: Base de conhecimento)` },
);
const messagesFor = (i: number): ChatMessage[] => [{ role: 'system', content: SYSTEM }, ...HISTORY, { role: 'user', content: `Qual o horário de sábado? (${i})` }];

const packageVersion = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

async function clients(baseUrl: string): Promise<Client[]> {
  const list: Client[] = [];
  const own = createOpenAICompatibleClient({ baseUrl, apiKey: 'sk-bench', retries: 0 });
  const toolsJson = JSON.stringify([CALCULATOR_TOOL]);
  list.push({
    name: 'own',
    version: 'apps/server/src/lib/openai-compatible.ts',
    call: async (messages, stream) => (await withTimeLimit(30_000, (signal) => own.chat({ model: MODEL, messages, toolsJson, signal, onDelta: stream ? () => {} : undefined }))).content,
  });

  const variants = (process.env.BENCH_CLIENT_MODULES ?? '').split(',').filter(Boolean).map((entry) => entry.split('=') as [string, string]);
  if (process.env.BENCH_COMPARE) variants.unshift(['own@base', path.join(path.resolve(process.env.BENCH_COMPARE), 'apps/server/src/lib/openai-compatible.ts')]);
  for (const [name, file] of variants) {
    const mod = (await import(pathToFileURL(path.resolve(file)).href)) as { createOpenAICompatibleClient: typeof createOpenAICompatibleClient };
    const variant = mod.createOpenAICompatibleClient({ baseUrl, apiKey: 'sk-bench', retries: 0 });
    list.push({
      name,
      version: file,
      call: async (messages, stream) => (await withTimeLimit(30_000, (signal) => variant.chat({ model: MODEL, messages, toolsJson, signal, onDelta: stream ? () => {} : undefined }))).content,
    });
  }

  const aiSdkDir = process.env.AI_SDK_PACKAGE_DIR;
  if (aiSdkDir) {
    const requireAi = createRequire(path.join(path.resolve(aiSdkDir), 'package.json'));
    const ai = await import(pathToFileURL(requireAi.resolve('ai')).href);
    const compat = await import(pathToFileURL(requireAi.resolve('@ai-sdk/openai-compatible')).href);
    const version = (name: string) => packageVersion(path.join(path.resolve(aiSdkDir), 'node_modules', name));
    const model = compat.createOpenAICompatible({ name: 'bench', baseURL: baseUrl, apiKey: 'sk-bench' }).chatModel(MODEL);
    const tools = {
      calculator: ai.tool({ description: CALCULATOR_TOOL.function.description, inputSchema: ai.jsonSchema(CALCULATOR_TOOL.function.parameters), execute: async () => ({ result: 0 }) }),
    };
    list.push({
      name: 'ai-sdk',
      version: `ai ${version('ai')}, @ai-sdk/openai-compatible ${version('@ai-sdk/openai-compatible')} (streamText for streams, generateText for JSON; JSON-schema tool, no zod)`,
      call: async (messages, stream) => {
        const [system, ...rest] = messages as Array<{ role: string; content: string }>;
        const options = { model, system: system!.content, messages: rest, tools, maxRetries: 0 };
        if (!stream) return (await ai.generateText(options)).text as string;
        let text = '';
        for await (const part of ai.streamText(options).fullStream) if (part.type === 'text-delta') text += part.text;
        return text;
      },
    });
  }

  const openaiDir = process.env.OPENAI_PACKAGE_DIR;
  if (openaiDir) {
    const requireOpenai = createRequire(path.join(path.resolve(openaiDir), 'package.json'));
    const { default: OpenAI } = await import(pathToFileURL(requireOpenai.resolve('openai')).href);
    const version = packageVersion(path.join(path.resolve(openaiDir), 'node_modules/openai'));
    const client = new OpenAI({ baseURL: baseUrl, apiKey: 'sk-bench', maxRetries: 0 });
    const tools = [CALCULATOR_TOOL];
    list.push({
      name: 'openai',
      version: `openai ${version}`,
      call: async (messages, stream) => {
        if (!stream) return (await client.chat.completions.create({ model: MODEL, messages, tools })).choices[0].message.content ?? '';
        let text = '';
        for await (const chunk of await client.chat.completions.create({ model: MODEL, messages, tools, stream: true })) text += chunk.choices[0]?.delta?.content ?? '';
        return text;
      },
    });
  }
  return list;
}

/** Closed loop at CONCURRENCY for SECONDS; CPU time of this process per call. */
async function measure(client: Client, stream: boolean) {
  const latencies: number[] = [];
  let failures = 0;
  const cpu = process.cpuUsage();
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const started = performance.now();
        try {
          const text = await client.call(messagesFor(worker * 1e6 + i), stream);
          if (!text.startsWith('Você disse:')) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { calls: latencies.length, cpuUs: used.user + used.system, latencies, failures };
}

async function main() {
  const fake = startChild('fake LLM', process.execPath, ['--import', 'tsx', 'bench/fake-llm.ts'], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  const { baseUrl } = (await firstJsonLine(fake)) as { baseUrl: string };
  const only = process.env.BENCH_CLIENTS?.split(',');
  const list = (await clients(baseUrl)).filter((c) => !only || only.includes(c.name));
  const tally = new Map<string, { calls: number; cpuUs: number; latencies: number[]; failures: number; perRound: number[] }>();
  for (const c of list) for (const mode of ['json', 'stream']) await measure(c, mode === 'stream'); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < list.length; k++) {
      const c = list[(k + r) % list.length]!;
      for (const mode of ['json', 'stream'] as const) {
        const m = await measure(c, mode === 'stream');
        const key = `${c.name} ${mode}`;
        const t = tally.get(key) ?? { calls: 0, cpuUs: 0, latencies: [], failures: 0, perRound: [] };
        t.perRound.push(m.cpuUs / m.calls);
        t.calls += m.calls;
        t.cpuUs += m.cpuUs;
        t.latencies.push(...m.latencies);
        t.failures += m.failures;
        tally.set(key, t);
      }
    }
  }
  // Each round's CPU per call against the first client's in the same round and mode (load drifts between rounds).
  const reference = list[0]!.name;
  const ratioToReference = (key: string, t: { perRound: number[] }) => {
    const ref = tally.get(`${reference} ${key.slice(key.lastIndexOf(' ') + 1)}`)!.perRound;
    return round(percentile(t.perRound.map((x, r) => x / ref[r]!).sort((a, b) => a - b), 50), 3);
  };
  const rows = [...tally].map(([key, t]) => ({
    client: key,
    medianRoundRatioTo: { [reference]: ratioToReference(key, t) },
    calls: t.calls,
    cpuUsPerCall: round(t.cpuUs / t.calls, 0),
    cpuUsPerCallMedianRound: round(percentile([...t.perRound].sort((a, b) => a - b), 50), 0),
    cpuUsPerCallRounds: t.perRound.map((x) => round(x, 0)),
    latencyMs: summarise(t.latencies),
    failures: t.failures,
  }));
  console.log(`\n${'client'.padEnd(16)} ${'calls'.padStart(7)} ${'CPU µs/call'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} failures ${'median round'.padStart(12)} ${`÷ ${reference}`.padStart(10)}  CPU µs/call by round`);
  for (const r of rows) console.log(`${r.client.padEnd(16)} ${String(r.calls).padStart(7)} ${String(r.cpuUsPerCall).padStart(12)} ${String(r.latencyMs.p50).padStart(8)} ${String(r.latencyMs.p99).padStart(8)} ${String(r.failures).padStart(8)} ${String(r.cpuUsPerCallMedianRound).padStart(12)} ${String(r.medianRoundRatioTo[reference]).padStart(10)}  ${r.cpuUsPerCallRounds.join(' ')}`);
  const out = {
    benchmark: 'llm-clients',
    date: new Date().toISOString(),
    node: process.version,
    loadAverageAtStart: os.loadavg().map((x) => round(x)),
    setup: `closed loop at ${CONCURRENCY} concurrent calls, ${ROUNDS} rounds × ${SECONDS} s per client and mode, zero-latency fake in its own process; CPU of this process only`,
    clients: list.map((c) => ({ name: c.name, version: c.version })),
    results: rows,
  };
  writeFileSync(path.join(ROOT, 'bench/results/llm-clients.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nWrote bench/results/llm-clients.json');
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
