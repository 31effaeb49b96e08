/**
 * The fakes of the load suite in their own process (their CPU is not the
 * server's): the OpenAI-compatible LLM (zero latency), the WhatsApp Graph API
 * and S3. Prints one JSON line `{llm, graph, s3, control, pid}` once listening;
 * `GET {control}/s3/requests` lists the object requests S3 received (method and key).
 *
 *   node --import tsx bench/fake-services.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeGraph } from '../e2e/fakes';
import { startFakeOpenAI } from '../e2e/fakes';
import { startFakeS3 } from '../e2e/fakes';

const [llm, graph, s3] = await Promise.all([startFakeOpenAI(), startFakeGraph(), startFakeS3('atende-load')]);

// The LLM fake records every request for test assertions; a load run sends hundreds of thousands.
setInterval(() => {
  llm.requests.length = 0;
  llm.embeddingRequests.length = 0;
}, 1000).unref();

const control = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/s3/requests') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(s3.requests.map(({ method, key }) => ({ method, key }))));
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const stop = () => void Promise.all([llm.close(), graph.close(), s3.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

console.log(
  JSON.stringify({
    llm: llm.baseUrl,
    graph: graph.url,
    s3: { endpoint: s3.endpoint, bucket: s3.bucket },
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    pid: process.pid,
  }),
);
