/**
 * A real SMTP server on 127.0.0.1 for tests (the `smtp-server` package): it requires AUTH PLAIN/LOGIN
 * with the credentials in its URL, parses every message it accepts (`mailparser`) and keeps it. It can be
 * told to refuse the next messages with a given SMTP reply (451: try later, 550: never). In end-to-end runs
 * an HTTP side door (`GET /messages`) lists what it received, for specs running in other processes.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope: who the server was told the message is from and for. */
  envelope: { from: string; to: string[] };
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The http(s) links of the text part, in order. */
  links: string[];
  /** The message as it arrived (RFC 5322). */
  raw: string;
}

export interface FakeSmtp {
  /** smtp://user:pass@127.0.0.1:port, ready for SMTP_URL. */
  url: string;
  port: number;
  /** The inspection endpoint (`${httpUrl}/messages`), when started with `httpPort`. */
  httpUrl?: string;
  messages: ReceivedMail[];
  /** SMTP replies for the next messages, in order: `{ code: 451 }` refuses one message for now. */
  refuseNext: Array<{ code: number; message?: string }>;
  /** The messages sent to `to` (case-insensitive), oldest first. */
  inbox(to: string): ReceivedMail[];
  close(): Promise<void>;
}

export const SMTP_USER = 'atende';
export const SMTP_PASS = 'senha-do-smtp';

export async function startFakeSmtp(options: { port?: number; httpPort?: number } = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const refuseNext: FakeSmtp['refuseNext'] = [];

  const server = new SMTPServer({
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = refuseNext.shift();
        if (refusal) {
          return callback(Object.assign(new Error(refusal.message ?? 'Refused by the test'), { responseCode: refusal.code }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const text = parsed.text ?? '';
            messages.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              from: parsed.from?.text ?? '',
              to: [parsed.to ?? []].flat().map((a) => a.text).join(', '),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              links: [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]),
              raw,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  let http: HttpServer | undefined;
  if (options.httpPort !== undefined) {
    http = createHttpServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/messages') {
        const to = url.searchParams.get('to');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(to ? inbox(to) : messages));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve, reject) => {
      http!.once('error', reject);
      http!.listen(options.httpPort, '127.0.0.1', () => resolve());
    });
  }

  function inbox(to: string): ReceivedMail[] {
    const address = to.toLowerCase();
    return messages.filter((m) => m.envelope.to.some((t) => t.toLowerCase() === address));
  }

  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    port,
    httpUrl: http ? `http://127.0.0.1:${(http.address() as AddressInfo).port}` : undefined,
    messages,
    refuseNext,
    inbox,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http!.close(() => resolve()));
    },
  };
}
