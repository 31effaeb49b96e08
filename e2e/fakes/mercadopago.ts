/**
 * A fake Mercado Pago on 127.0.0.1 for tests: the preapproval API (create,
 * read, update), authorized payments and payments, with the provider's error
 * envelopes. Every request is recorded (headers included, for the
 * idempotency key); tests play the payer with `setStatus`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface FakePreapproval {
  id: string;
  status: string;
  reason: string;
  external_reference: string;
  payer_email: string;
  init_point: string;
  back_url: string;
  auto_recurring: { frequency: number; frequency_type: string; transaction_amount: number; currency_id: string };
  date_created: string;
  last_modified: string;
  [key: string]: unknown;
}

export interface FakeMercadoPago {
  url: string;
  /** The access token the fake accepts. */
  token: string;
  requests: RecordedRequest[];
  preapprovals: Map<string, FakePreapproval>;
  authorizedPayments: Map<string, Record<string, unknown>>;
  payments: Map<string, Record<string, unknown>>;
  /** 'error' answers 500 to everything; 'hang' never answers. */
  mode: 'normal' | 'error' | 'hang';
  /** What the payer does at the checkout, or the provider later (pause, cancel). */
  setStatus(id: string, status: string): void;
  /** Adds an object of Mercado Pago's shape without going through the API. */
  seedPreapproval(values: Partial<FakePreapproval> & { id: string }): FakePreapproval;
  close(): Promise<void>;
}

export async function startFakeMercadoPago(options: { token?: string } = {}): Promise<FakeMercadoPago> {
  const idempotent = new Map<string, string>();
  const fake: FakeMercadoPago = {
    url: '',
    token: options.token ?? 'TEST-0000000000000000-000000-fake-token',
    requests: [],
    preapprovals: new Map(),
    authorizedPayments: new Map(),
    payments: new Map(),
    mode: 'normal',
    setStatus(id, status) {
      const pre = fake.preapprovals.get(id);
      if (!pre) throw new Error(`no preapproval ${id}`);
      pre.status = status;
      pre.last_modified = new Date().toISOString();
    },
    seedPreapproval(values) {
      const now = new Date().toISOString();
      const pre: FakePreapproval = {
        status: 'pending',
        reason: '',
        external_reference: '',
        payer_email: '',
        init_point: checkoutUrl(values.id),
        back_url: '',
        auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 0, currency_id: 'BRL' },
        date_created: now,
        last_modified: now,
        ...values,
      };
      fake.preapprovals.set(pre.id, pre);
      return pre;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readJson(req);
    fake.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: {
        authorization: req.headers.authorization,
        'x-idempotency-key': header(req, 'x-idempotency-key'),
        'content-type': req.headers['content-type'],
      },
      body,
    });
    if (fake.mode === 'hang') return;
    if (fake.mode === 'error') return send(res, 500, { message: 'internal_error', error: 'internal_error', status: 500, cause: [] });
    if (req.headers.authorization !== `Bearer ${fake.token}`) {
      return send(res, 401, { code: 'unauthorized', message: 'invalid access token' });
    }
    route(fake, idempotent, req, url.pathname, body, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function route(
  fake: FakeMercadoPago,
  idempotent: Map<string, string>,
  req: IncomingMessage,
  path: string,
  body: unknown,
  res: ServerResponse,
) {
  const method = req.method ?? 'GET';
  if (method === 'POST' && path === '/preapproval') {
    const key = header(req, 'x-idempotency-key');
    const repeated = key ? idempotent.get(key) : undefined;
    if (repeated) return send(res, 200, fake.preapprovals.get(repeated));
    const problem = invalidPreapproval(body);
    if (problem) return send(res, 400, { message: problem, error: 'bad_request', status: 400, cause: [{ code: 1, description: problem }] });
    const input = body as Omit<FakePreapproval, 'id'>;
    const pre = fake.seedPreapproval({ ...input, id: randomBytes(16).toString('hex'), status: 'pending' });
    if (key) idempotent.set(key, pre.id);
    return send(res, 201, pre);
  }
  const preapproval = /^\/preapproval\/([^/]+)$/.exec(path);
  if (preapproval) {
    const pre = fake.preapprovals.get(decodeURIComponent(preapproval[1]!));
    if (!pre) return notFound(res, 'preapproval');
    if (method === 'GET') return send(res, 200, pre);
    if (method === 'PUT') {
      const status = (body as { status?: string } | null)?.status;
      if (!status || !['paused', 'cancelled', 'authorized'].includes(status)) {
        return send(res, 400, { message: 'invalid status', error: 'bad_request', status: 400, cause: [] });
      }
      if (pre.status === 'cancelled') {
        return send(res, 400, { message: 'You can not modify a cancelled preapproval', error: 'bad_request', status: 400, cause: [] });
      }
      fake.setStatus(pre.id, status);
      return send(res, 200, pre);
    }
  }
  const authorized = /^\/authorized_payments\/([^/]+)$/.exec(path);
  if (authorized && method === 'GET') {
    const ap = fake.authorizedPayments.get(decodeURIComponent(authorized[1]!));
    return ap ? send(res, 200, ap) : notFound(res, 'authorized_payment');
  }
  const payment = /^\/v1\/payments\/([^/]+)$/.exec(path);
  if (payment && method === 'GET') {
    const p = fake.payments.get(decodeURIComponent(payment[1]!));
    return p ? send(res, 200, p) : notFound(res, 'payment');
  }
  return notFound(res, 'resource');
}

function invalidPreapproval(body: unknown): string | null {
  const b = (body ?? {}) as Record<string, unknown>;
  const recurring = (b.auto_recurring ?? {}) as Record<string, unknown>;
  if (typeof b.reason !== 'string' || !b.reason) return 'reason is required';
  if (typeof b.payer_email !== 'string' || !b.payer_email.includes('@')) return 'payer_email is invalid';
  if (typeof b.back_url !== 'string' || !/^https?:\/\//.test(b.back_url)) return 'back_url is invalid';
  if (typeof recurring.transaction_amount !== 'number' || recurring.transaction_amount <= 0) return 'transaction_amount is invalid';
  if (recurring.currency_id !== 'BRL') return 'currency_id is invalid';
  if (recurring.frequency !== 1 || recurring.frequency_type !== 'months') return 'frequency is invalid';
  return null;
}

const checkoutUrl = (id: string) => `https://www.mercadopago.com.br/subscriptions/checkout?preapproval_id=${id}`;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function notFound(res: ServerResponse, what: string) {
  send(res, 404, { message: `${what} not found`, error: 'not_found', status: 404, cause: [] });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
