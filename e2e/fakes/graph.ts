/**
 * A fake WhatsApp Cloud API (Graph API) on 127.0.0.1 for tests: the
 * phone-number lookup used to verify credentials, and the messages endpoint
 * (text replies and read receipts with the typing indicator). It answers with
 * the provider's own error envelopes (190 bad token, 100 bad id or parameter),
 * can be told to fail the next sends (e.g. 130429 once), and records every
 * message it accepted. In end-to-end runs `GET /_fake/sent` lists them.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePhoneNumber {
  id: string;
  /** The only token that may use this number. */
  token: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  status: string;
  code_verification_status: string;
}

/** A text message the fake accepted (the request body as sent). */
export interface SentText {
  phoneNumberId: string;
  wamid: string;
  to?: string;
  recipient?: string;
  body: string;
  request: Record<string, unknown>;
}

export interface ReadReceipt {
  phoneNumberId: string;
  messageId: string;
  typingIndicator: boolean;
}

export interface FakeGraph {
  url: string;
  numbers: Map<string, FakePhoneNumber>;
  sent: SentText[];
  reads: ReadReceipt[];
  /** Errors returned, in order, by the next text sends: `{ code: 130429 }` fails one send with that Graph code. */
  sendErrors: Array<{ code: number; message?: string }>;
  /**
   * While true, text sends are accepted and recorded but never answered: the
   * reply reached the customer and the caller never learns it (crash tests).
   */
  stallSends: boolean;
  addNumber(overrides?: Partial<FakePhoneNumber>): FakePhoneNumber;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_NUMBER: FakePhoneNumber = {
  id: '106540352242922',
  token: 'EAAGfakeTokenForTests0001',
  display_phone_number: '+55 11 99999-0000',
  verified_name: 'Loja Exemplo',
  quality_rating: 'GREEN',
  status: 'CONNECTED',
  code_verification_status: 'VERIFIED',
};

/** One message of a notification (its `from` and `timestamp` are filled in by `notification`). */
export type NotificationMessage = Record<string, unknown> & { id: string };

/**
 * A Cloud API `messages` notification to FAKE_NUMBER's business account, as Meta POSTs it to a webhook
 * (reference/integrations.md): messages from a customer (`from`), and/or status updates.
 */
export function notification(messages: NotificationMessage[], options: { from?: string; phoneNumberId?: string; statuses?: unknown[] } = {}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: FAKE_NUMBER.display_phone_number, phone_number_id: options.phoneNumberId ?? FAKE_NUMBER.id },
              contacts: options.from ? [{ profile: { name: 'Cliente' }, wa_id: options.from }] : [],
              messages: messages.map((m) => ({ timestamp: '1749416383', ...(options.from ? { from: options.from } : {}), ...m })),
              ...(options.statuses ? { statuses: options.statuses } : {}),
            },
          },
        ],
      },
    ],
  };
}

export const textMessage = (id: string, body: string): NotificationMessage => ({ id, type: 'text', text: { body } });

/** The body of a notification of one text message from a customer. */
export const textNotification = (message: { id: string; from: string; text: string }): string =>
  JSON.stringify(notification([textMessage(message.id, message.text)], { from: message.from }));

/** The X-Hub-Signature-256 header Meta sends with a notification: the body's HMAC-SHA256 with the app secret. */
export function metaSignature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

const TEXT_MAX = 4096;
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);

export async function startFakeGraph(options: { port?: number } = {}): Promise<FakeGraph> {
  let counter = 0;
  const fake: FakeGraph = {
    url: '',
    numbers: new Map([[FAKE_NUMBER.id, { ...FAKE_NUMBER }]]),
    sent: [],
    reads: [],
    sendErrors: [],
    stallSends: false,
    addNumber(overrides = {}) {
      counter += 1;
      const number = { ...FAKE_NUMBER, id: `1065403522${String(counter).padStart(5, '0')}`, token: `EAAGfakeToken${counter}x${Date.now()}`, ...overrides };
      fake.numbers.set(number.id, number);
      return number;
    },
    reset() {
      fake.numbers = new Map([[FAKE_NUMBER.id, { ...FAKE_NUMBER }]]);
      fake.sent.length = 0;
      fake.reads.length = 0;
      fake.sendErrors.length = 0;
      fake.stallSends = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/_fake/sent') return reply(res, 200, { sent: fake.sent, reads: fake.reads });
      const match = /^\/v\d+\.\d+\/([^/]+)(\/messages)?$/.exec(url.pathname);
      if (!match) return graphError(res, 400, 100, `Unknown path components: ${url.pathname}`, 'OAuthException');
      const number = authorize(fake, req, res, decodeURIComponent(match[1]!));
      if (!number) return;
      if (req.method === 'GET' && !match[2]) return reply(res, 200, phoneFields(number, url.searchParams.get('fields')));
      if (req.method === 'POST' && match[2]) return messages(fake, number, await readJson(req), res);
      return graphError(res, 400, 100, 'Unsupported request', 'GraphMethodException');
    } catch (err) {
      graphError(res, 400, 100, `Invalid request: ${String(err)}`, 'OAuthException');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** The number if the bearer token may use it; otherwise answers 190 (bad token) or 100 (unknown id). */
function authorize(fake: FakeGraph, req: IncomingMessage, res: ServerResponse, phoneNumberId: string): FakePhoneNumber | null {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const known = [...fake.numbers.values()];
  if (!token || !known.some((n) => n.token === token)) {
    graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException');
    return null;
  }
  const number = fake.numbers.get(phoneNumberId);
  if (!number || number.token !== token) {
    graphError(
      res,
      400,
      100,
      `Unsupported get request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      'GraphMethodException',
      33,
    );
    return null;
  }
  return number;
}

function phoneFields(number: FakePhoneNumber, fields: string | null) {
  const all: Record<string, string> = { ...number, platform_type: 'CLOUD_API' };
  delete all.token;
  const wanted = fields ? fields.split(',') : ['display_phone_number', 'verified_name', 'quality_rating'];
  return Object.fromEntries([...wanted.filter((f) => f in all).map((f) => [f, all[f]]), ['id', number.id]]);
}

function messages(fake: FakeGraph, number: FakePhoneNumber, body: Record<string, unknown>, res: ServerResponse) {
  if (body.messaging_product !== 'whatsapp') return graphError(res, 400, 100, 'The parameter messaging_product is required.', 'OAuthException');
  if (body.status === 'read') {
    if (typeof body.message_id !== 'string') return graphError(res, 400, 100, 'The parameter message_id is required.', 'OAuthException');
    fake.reads.push({ phoneNumberId: number.id, messageId: body.message_id, typingIndicator: isTyping(body.typing_indicator) });
    return reply(res, 200, { success: true });
  }
  const text = body.text as { body?: unknown } | undefined;
  if (body.type !== 'text' || typeof text?.body !== 'string') return graphError(res, 400, 100, 'Only text messages are faked.', 'OAuthException');
  const to = typeof body.to === 'string' ? body.to : undefined;
  const recipient = typeof body.recipient === 'string' ? body.recipient : undefined;
  if (Boolean(to) === Boolean(recipient)) return graphError(res, 400, 100, 'Exactly one of to or recipient is required.', 'OAuthException');
  if (text.body.length > TEXT_MAX) {
    return graphError(res, 400, 100, `(#100) Param text['body'] must be at most ${TEXT_MAX} characters long.`, 'OAuthException');
  }
  const failure = fake.sendErrors.shift();
  if (failure) {
    const status = failure.code === 190 ? 401 : RATE_LIMIT_CODES.has(failure.code) ? 429 : 400;
    return graphError(res, status, failure.code, failure.message ?? `Fake failure ${failure.code}`, 'OAuthException');
  }
  const wamid = `wamid.fake.${fake.sent.length + 1}.${Date.now()}`;
  fake.sent.push({ phoneNumberId: number.id, wamid, to, recipient, body: text.body, request: body });
  if (fake.stallSends) return;
  const input = to ?? recipient;
  return reply(res, 200, { messaging_product: 'whatsapp', contacts: [{ input, wa_id: input }], messages: [{ id: wamid }] });
}

const isTyping = (value: unknown) => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'text';

function graphError(res: ServerResponse, status: number, code: number, message: string, type: string, subcode?: number) {
  reply(res, status, { error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEfFake' } });
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}
