// Load-generator side of the public chat endpoint: keep-alive HTTP/1.1 through
// node:http (cheaper per request than fetch, which matters when the load
// generator shares 2 cores with the server and the fake LLM).
import http from 'node:http';

const REQUEST_TIMEOUT_MS = 30_000;

/** A client for POST /webhook/{webhookId} with at most `connections` keep-alive sockets. */
export function chatClient(webhookUrl, connections, { timeoutMs = REQUEST_TIMEOUT_MS } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    send: (sessionId, message, { stream = false } = {}) => sendTurn(agent, webhookUrl, { sessionId, message }, stream, timeoutMs),
    close: () => agent.destroy(),
  };
}

/**
 * One chat turn. Never rejects: resolves with the HTTP status (0 on a network
 * error or timeout), the latency until the answer is complete, the time to the
 * first streamed token (streaming only) and the answer text.
 */
function sendTurn(agent, url, payload, stream, timeoutMs) {
  const body = JSON.stringify(payload);
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        accept: stream ? 'text/event-stream' : 'application/json',
      },
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, ms: elapsed(), error: err.message }));
    req.on('response', (res) => {
      let text = '';
      let ttftMs;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
        if (stream && ttftMs === undefined && text.includes('event: token')) ttftMs = elapsed();
      });
      res.on('error', (err) => resolve({ status: 0, ms: elapsed(), error: err.message }));
      res.on('end', () => resolve({ status: res.statusCode, ms: elapsed(), ttftMs, output: answerOf(text, stream) }));
    });
    req.end(body);
  });
}

/** The answer in a JSON body ({output}) or in the SSE `done` event; undefined when absent. */
function answerOf(text, stream) {
  try {
    if (!stream) return JSON.parse(text).output;
    const done = /event: done\ndata: (.*)\n/.exec(text);
    return done ? JSON.parse(done[1]).output : undefined;
  } catch {
    return undefined;
  }
}
