/**
 * A fake S3-compatible object store on 127.0.0.1 (path-style: /{bucket}/{key}):
 * PutObject (honouring If-None-Match: *), GetObject, DeleteObject. Requests
 * must carry a SigV4 Authorization header; objects live in memory.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType?: string }>;
  requests: Array<{ method: string; key: string; authorized: boolean }>;
  /** While true, object reads (GET) are recorded but never answered: a reader stuck mid-job (crash tests). */
  stallGets: boolean;
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(bucket = 'atende-test'): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType?: string }>();
  const fake: FakeS3 = {
    endpoint: '',
    bucket,
    objects,
    requests: [],
    stallGets: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const { requests } = fake;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const authorized = /^AWS4-HMAC-SHA256 Credential=/.test(req.headers.authorization ?? '');
    requests.push({ method: req.method ?? '', key, authorized });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body = '', type = 'application/xml') => res.writeHead(status, { 'content-type': type }).end(body);
    if (!authorized) return send(403, xmlError('AccessDenied', 'Missing signature'));
    if (b !== bucket) return send(404, xmlError('NoSuchBucket', 'No such bucket'));
    if (req.method === 'PUT') {
      if (req.headers['if-none-match'] === '*' && objects.has(key)) return send(412, xmlError('PreconditionFailed', 'exists'));
      objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] });
      return res.writeHead(200, { etag: '"fake"' }).end();
    }
    if (req.method === 'GET') {
      if (fake.stallGets) return;
      const obj = objects.get(key);
      if (!obj) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
      return res.writeHead(200, { 'content-type': obj.contentType ?? 'application/octet-stream', 'content-length': obj.body.length }).end(obj.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    return send(405, xmlError('MethodNotAllowed', 'not allowed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.endpoint = `http://127.0.0.1:${port}`;
  return fake;
}
