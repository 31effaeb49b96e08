// The floor of the chat benchmark (issue 19): the least a chat turn can cost on this machine with the
// same database and the same model. A node:http + pg server that, per turn, reads the last 15 messages
// of the session, makes one LLM call (the same fake, JSON, keep-alive), stores the customer's message
// and the answer in one insert, and responds. No framework, no auth, no quota, no retrieval: what
// Atende does beyond this is what its ratio to the floor measures.
//
//   DATABASE_URL=postgres://… LLM_BASE_URL=http://127.0.0.1:…/v1 node bench/floor.mjs
//
// Prints one JSON line {url, pid} once listening. POST /webhook/floor with {sessionId, message} answers
// {output}, or with `Accept: text/event-stream` one `token` event and a `done` event (the floor does not
// stream from the model: a minimal SSE client only needs the framing).
import http from 'node:http';
import pg from 'pg';

const MEMORY_WINDOW = 15;
const SYSTEM = 'Você é o atendente de uma cafeteria. Responda com cordialidade.';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(`
  create table if not exists floor_messages (
    id bigserial primary key,
    session_id text not null,
    role text not null,
    content text not null,
    created_at timestamptz not null default now()
  );
  create index if not exists floor_messages_session on floor_messages (session_id, id)`);

// Named statements: pg prepares each once per connection.
const WINDOW = {
  name: 'floor-window',
  text: `select role, content from (
           select id, role, content from floor_messages where session_id = $1 order by id desc limit ${MEMORY_WINDOW}
         ) w order by id`,
};
const STORE = {
  name: 'floor-store',
  text: `insert into floor_messages (session_id, role, content) values ($1, 'user', $2), ($1, 'assistant', $3)`,
};

const llmUrl = new URL(`${process.env.LLM_BASE_URL.replace(/\/+$/, '')}/chat/completions`);
const llmAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function complete(messages) {
  const body = JSON.stringify({ model: 'gpt-4o-mini', messages });
  return new Promise((resolve, reject) => {
    const req = http.request(llmUrl, {
      method: 'POST',
      agent: llmAgent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer sk-floor' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`LLM answered ${res.statusCode}`));
        resolve(JSON.parse(text).choices[0].message.content);
      });
    });
    req.end(body);
  });
}

async function turn(sessionId, message) {
  const { rows } = await pool.query({ ...WINDOW, values: [sessionId] });
  const output = await complete([{ role: 'system', content: SYSTEM }, ...rows, { role: 'user', content: message }]);
  await pool.query({ ...STORE, values: [sessionId, message, output] });
  return output;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

const server = http.createServer(async (req, res) => {
  try {
    const { sessionId, message } = JSON.parse(await readBody(req));
    const output = await turn(sessionId, message);
    if ((req.headers.accept ?? '').includes('text/event-stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(`event: token\ndata: ${JSON.stringify({ delta: output })}\n\nevent: done\ndata: ${JSON.stringify({ output })}\n\n`);
    } else {
      const body = JSON.stringify({ output });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }
  } catch (err) {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) }));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}`, pid: process.pid }));
});

const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
