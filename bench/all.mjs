// Runs every benchmark in turn (`npm run bench`): chat, knowledge, insights (PGlite, then a shared Postgres), and the web budgets when
// bench/web-budgets.mjs exists. Each writes its own bench/results/*.json. A failing benchmark does not
// stop the others; the exit code is non-zero when any of them failed.
//
//   npm run build && npm run bench
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const BENCHMARKS = [
  { name: 'chat', args: ['bench/chat.mjs'] },
  // Imports the server's TypeScript sources directly: run through tsx's loader.
  { name: 'knowledge', args: ['--import', 'tsx', 'bench/knowledge.ts'] },
  { name: 'insights', args: ['--import', 'tsx', 'bench/insights.ts'] },
  // Needs Postgres (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server).
  { name: 'insights on a shared Postgres', args: ['--import', 'tsx', 'bench/insights-shared.ts'] },
  { name: 'web budgets', args: ['bench/web-budgets.mjs'], optional: true },
];

const results = [];
for (const bench of BENCHMARKS) {
  const script = bench.args[bench.args.length - 1];
  if (!existsSync(path.join(ROOT, script))) {
    if (!bench.optional) results.push({ name: bench.name, status: `missing ${script}` });
    continue;
  }
  console.log(`\n=== ${bench.name} (${script}) ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, bench.args, { cwd: ROOT, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  const status = run.error ? `failed to start: ${run.error.message}` : run.status === 0 ? 'ok' : `exit ${run.status ?? run.signal}`;
  results.push({ name: bench.name, status, seconds });
}

console.log('\n=== benchmarks ===');
for (const r of results) console.log(`  ${r.status === 'ok' ? 'ok    ' : 'FAILED'}  ${r.name}${r.seconds !== undefined ? ` (${r.seconds} s)` : ''}${r.status === 'ok' ? '' : `: ${r.status}`}`);
process.exit(results.every((r) => r.status === 'ok') ? 0 : 1);
