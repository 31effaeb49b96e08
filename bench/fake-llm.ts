/**
 * Runs the e2e fake OpenAI-compatible server with zero latency in its own
 * process, so its CPU is not counted as the server's. Prints one JSON line
 * `{url, baseUrl, pid}` on stdout once listening, then serves until SIGTERM/SIGINT.
 *
 *   node --import tsx bench/fake-llm.ts [port]
 */
import { startFakeOpenAI } from '../e2e/fakes';

const fake = await startFakeOpenAI({ port: Number(process.argv[2] ?? 0) });

// The fake records every request for test assertions; a benchmark sends tens of thousands,
// so drop the records regularly to keep the fake's memory (and GC time) flat.
setInterval(() => {
  fake.requests.length = 0;
  fake.embeddingRequests.length = 0;
}, 1000).unref();

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

console.log(JSON.stringify({ url: fake.url, baseUrl: fake.baseUrl, pid: process.pid }));
