import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { convert } from 'html-to-text';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyseLinks, extractLinks, MAX_SKIPPED_SHOWN, SKIP_REASONS } from '../src/knowledge/links/extract';
import {
  fetchPageText,
  LinkFetchError,
  vetUrl,
  type HostLookup,
  type LinkFetchErrorCode,
} from '../src/knowledge/links/fetch-page';
import { renderDocument } from '../src/knowledge/links/render';
import { isLoopbackAddress, isPublicAddress } from '../src/knowledge/links/ssrf';

// ---------------------------------------------------------------------------------------------------------------
// Local servers (127.0.0.1, random ports). Nothing here touches the internet.
// ---------------------------------------------------------------------------------------------------------------

interface TestServer {
  port: number;
  origin: string;
  /** "METHOD path" of every request received. */
  requests: string[];
  /** Host header of every request received. */
  hosts: string[];
  /** TCP connections accepted (counted even if no HTTP request follows). */
  connections: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

async function startServer(handler: Handler, host = '127.0.0.1'): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const state = { requests: [] as string[], hosts: [] as string[], connections: 0 };
  const server: Server = createServer((req, res) => {
    state.requests.push(`${req.method} ${req.url}`);
    state.hosts.push(req.headers.host ?? '');
    handler(req, res, new URL(req.url ?? '/', 'http://test.invalid'));
  });
  server.on('connection', (socket: Socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`,
    get requests() {
      return state.requests;
    },
    get hosts() {
      return state.hosts;
    },
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const PAGE_HTML = `<!doctype html>
<html lang="pt-BR"><head>
  <meta charset="utf-8">
  <title>  Padaria Pão &amp; Café
  — Cardápio </title>
  <style>body { color: red }</style>
  <script>window.segredo = "NAO-DEVE-APARECER";</script>
</head><body>
  <header><h1>Cabeçalho do site</h1></header>
  <nav><a href="/">Início</a> <a href="/contato">Contato</a></nav>
  <main>
    <h1>Nosso cardápio</h1>
    <p>Aberto de segunda a sábado, das   7h às 19h.</p>
    <p>Peça pelo <a href="https://wa.me/5511999999999">WhatsApp da loja</a>!</p>
    <img src="foto.jpg" alt="FOTO-ALT">
    <table>
      <thead><tr><th>Produto</th><th>Preço</th></tr></thead>
      <tbody><tr><td>Pão de queijo</td><td>R$ 4,50</td></tr><tr><td>Café coado</td><td>R$ 6,00</td></tr></tbody>
    </table>
    <noscript>Ative o JavaScript</noscript>
  </main>
  <footer>Rodapé © 2024</footer>
</body></html>`;

let slowTimers: NodeJS.Timeout[] = [];

const siteHandler: Handler = (req, res, url) => {
  const path = url.pathname;
  if (path === '/page') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE_HTML);
  } else if (path === '/latin1') {
    res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
    res.end(Buffer.from('<html><head><title>Promoção</title></head><body><p>Café, pão e açúcar à vontade.</p></body></html>', 'latin1'));
  } else if (path === '/meta-1252') {
    // No charset in the header: the <meta> decides. 0x93/0x94 are curly quotes in windows-1252.
    const body = Buffer.concat([
      Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Loja</title></head><body><p>', 'latin1'),
      Buffer.from([0x93]),
      Buffer.from('Entrega grátis', 'latin1'),
      Buffer.from([0x94]),
      Buffer.from(' em São Paulo</p></body></html>', 'latin1'),
    ]);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(body);
  } else if (path === '/plain') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Horário:\t\t8h   às 18h\r\n\r\n\r\n\r\nTelefone: (11) 4002-8922\n');
  } else if (path === '/xhtml') {
    res.writeHead(200, { 'content-type': 'application/xhtml+xml' });
    res.end('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML</title></head><body><p>Conteúdo XHTML</p></body></html>');
  } else if (path === '/gzip') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
    res.end(gzipSync('<html><head><title>Comprimido</title></head><body><p>Texto comprimido com gzip</p></body></html>'));
  } else if (path === '/host') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`host=${req.headers.host}`);
  } else if (path.startsWith('/chain/')) {
    const n = Number(path.slice('/chain/'.length));
    if (n > 0) {
      res.writeHead(302, { location: `/chain/${n - 1}` });
      res.end();
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>Fim</title></head><body><p>Fim da cadeia de redirecionamentos</p></body></html>');
    }
  } else if (path === '/relative') {
    res.writeHead(303, { location: 'page?from=relative#frag' });
    res.end();
  } else if (path === '/loop') {
    res.writeHead(301, { location: '/loop' });
    res.end();
  } else if (path === '/redirect-to') {
    res.writeHead(302, { location: url.searchParams.get('target') ?? '/' });
    res.end();
  } else if (path === '/no-location') {
    res.writeHead(302);
    res.end();
  } else if (path === '/big') {
    // Chunked, no Content-Length: the cap must trip while streaming.
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = 'a'.repeat(16 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < 4 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    res.on('error', () => undefined);
    pump();
  } else if (path === '/big-declared') {
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
    res.write('<html>');
  } else if (path === '/gzip-bomb') {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x61)));
  } else if (path === '/slow') {
    // Headers at once, then one byte every 50 ms forever (slow drip).
    res.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => res.write('.'), 50);
    slowTimers.push(timer);
    res.on('close', () => clearInterval(timer));
  } else if (path === '/deep') {
    // 2 MB of unclosed nested tags: super-linear for the HTML parser (minutes), must not block the server.
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<div>'.repeat(400_000));
  } else if (path === '/hang') {
    // Never answers.
  } else if (path === '/pdf') {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end('%PDF-1.4 fake');
  } else if (path === '/png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  } else if (path === '/json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"a":1}');
  } else if (path === '/no-type') {
    res.end('sem content-type');
  } else if (path === '/missing') {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Não encontrado</h1>');
  } else {
    res.writeHead(500);
    res.end();
  }
};

let site: TestServer;
/** Must never be reached: any connection to it is an SSRF bypass. */
let victim: TestServer;
/** The same, on ::1 when the sandbox has IPv6 loopback (null otherwise). */
let victim6: TestServer | null = null;

beforeAll(async () => {
  site = await startServer(siteHandler);
  victim = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('SEGREDO-INTERNO');
  });
  try {
    victim6 = await startServer((_req, res) => res.end('SEGREDO-V6'), '::1');
  } catch {
    victim6 = null;
  }
});

afterAll(async () => {
  for (const t of slowTimers) clearInterval(t);
  slowTimers = [];
  await Promise.all([site.close(), victim.close(), victim6?.close()]);
});

async function failure(promise: Promise<unknown>, code: LinkFetchErrorCode): Promise<LinkFetchError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected ${code}`).toBeInstanceOf(LinkFetchError);
  const err = caught as LinkFetchError;
  expect(err.code).toBe(code);
  expect(err.userMessage).toEqual(expect.any(String));
  expect(err.userMessage.length).toBeGreaterThan(10);
  return err;
}

const loopbackForSite = { allowLoopbackLinks: true } as const;

// ---------------------------------------------------------------------------------------------------------------
// isPublicAddress
// ---------------------------------------------------------------------------------------------------------------

describe('isPublicAddress', () => {
  const blocked: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback /8'],
    ['0.0.0.0', 'this network (reaches localhost on Linux)'],
    ['0.1.2.3', '0/8'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private /12 start'],
    ['172.31.255.255', 'private /12 end'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT end'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.0.192', 'Oracle metadata'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking end'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    ['[::1]', 'bracketed'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::FFFF:7F00:0001', 'IPv4-mapped loopback, upper case'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'IPv4-mapped loopback, long form'],
    ['[::ffff:127.0.0.1]', 'IPv4-mapped, bracketed'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, hex'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::ffff:0:127.0.0.1', 'SIIT translated'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone'],
    ['febf::1', 'link-local end'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard prefix'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['2002:a00:5::1', '6to4 of 10.0.0.5'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:a9fe:a9fe::', '6to4 of metadata'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b::10.0.0.1', 'NAT64 of 10.0.0.1, dotted'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2130706433', 'decimal 127.0.0.1'],
    ['0x7f000001', 'hex 127.0.0.1'],
    ['017700000001', 'octal 127.0.0.1'],
    ['127.1', 'short 127.0.0.1'],
    ['0177.0.0.1', 'octal first octet'],
    ['0x7f.1', 'mixed hex short'],
    ['167772161', 'decimal 10.0.0.1'],
    ['', 'empty'],
    ['   ', 'blank'],
    ['localhost', 'a name, not an address'],
    ['example.com', 'a name'],
    ['not-an-ip', 'garbage'],
    ['256.1.1.1', 'octet out of range'],
    ['1.2.3.4.5', 'too many parts'],
    ['08.1.1.1', 'invalid octal'],
    ['4294967296', 'beyond 32 bits'],
    ['::ffff:999.0.0.1', 'bad embedded v4'],
    ['1:2:3:4:5:6:7:8:9', 'too many groups'],
    ['12345::', 'group too long'],
    ['1::2::3', 'double compression'],
    ['8.8.8.8/32', 'CIDR is not an address'],
    ['[8.8.8.8]', 'bracketed IPv4'],
  ];
  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '11.0.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '169.255.0.1',
    '192.0.1.1',
    '192.167.255.255',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '134744072', // 8.8.8.8 in decimal
    '0x8080808', // 8.8.8.8 in hex
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80e::200e',
    '[2001:4860:4860::8888]',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '2002:808:808::1', // 6to4 of a public v4
    '64:ff9b::808:808', // NAT64 of a public v4
    '2001:200::1', // just outside 2001::/23
  ];

  it.each(blocked)('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(allowed)('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('judges URL hosts after WHATWG normalisation of every textual form', () => {
    const forms = [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0X7F000001/',
      'http://017700000001/',
      'http://127.1/',
      'http://127.0.1/',
      'http://0177.0.0.1/',
      'http://0x7f.0.0.1/',
      'http://127.0.0.1./',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:127.0.0.1]/',
      'http://[::1]/',
      'http://[::127.0.0.1]/',
      'http://0/',
      'http://0.0.0.0/',
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/', // 169.254.169.254
      'http://[fe80::1]/',
      'http://[fd00::1]/',
    ];
    for (const form of forms) {
      const host = new URL(form).hostname;
      expect(isPublicAddress(host), `${form} → ${host}`).toBe(false);
    }
    expect(new URL('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(isPublicAddress(new URL('http://134744072/').hostname)).toBe(true);
    expect(isPublicAddress(new URL('http://[2001:4860:4860::8888]/').hostname)).toBe(true);
  });

  it('isLoopbackAddress recognises loopback in every form and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::127.0.0.1', '2130706433']) {
      expect(isLoopbackAddress(ip), ip).toBe(true);
    }
    for (const ip of ['10.0.0.1', '169.254.169.254', '0.0.0.0', 'fe80::1', '::', '8.8.8.8', 'localhost', '']) {
      expect(isLoopbackAddress(ip), ip).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// fetchPageText against local servers (allowLoopbackLinks: the explicit test-only setting)
// ---------------------------------------------------------------------------------------------------------------

describe('fetchPageText (local servers, allowLoopbackLinks)', () => {
  it('turns an HTML page into readable text and extracts the title', async () => {
    const page = await fetchPageText(`${site.origin}/page`, loopbackForSite);
    expect(page.url).toBe(`${site.origin}/page`);
    expect(page.title).toBe('Padaria Pão & Café — Cardápio');
    expect(page.text).toContain('Nosso cardápio');
    expect(page.text).toContain('Aberto de segunda a sábado, das 7h às 19h.');
    expect(page.text).toContain('WhatsApp da loja'); // link text kept
    expect(page.text).not.toContain('wa.me'); // href dropped
    expect(page.text).toContain('Pão de queijo | R$ 4,50'); // table rows kept together
    expect(page.text).toContain('Café coado | R$ 6,00');
    for (const gone of ['NAO-DEVE-APARECER', 'color: red', 'Cabeçalho do site', 'Contato', 'Rodapé', 'FOTO-ALT', 'foto.jpg']) {
      expect(page.text).not.toContain(gone);
    }
    expect(page.contacts).toEqual([]); // a header, menu and footer with no contact in them
    expect(page.text).not.toMatch(/[ \t]{2,}/);
    expect(page.text).not.toMatch(/\n{3,}/);
    expect(page.text).toBe(page.text.trim());
  });

  it('decodes latin1 declared in Content-Type', async () => {
    const page = await fetchPageText(`${site.origin}/latin1`, loopbackForSite);
    expect(page.title).toBe('Promoção');
    expect(page.text).toBe('Café, pão e açúcar à vontade.');
  });

  it('decodes windows-1252 declared only in <meta>', async () => {
    const page = await fetchPageText(`${site.origin}/meta-1252`, loopbackForSite);
    expect(page.text).toBe('“Entrega grátis” em São Paulo');
  });

  it('returns text/plain with whitespace collapsed and no title', async () => {
    const page = await fetchPageText(`${site.origin}/plain`, loopbackForSite);
    expect(page).toEqual({
      url: `${site.origin}/plain`,
      title: null,
      text: 'Horário: 8h às 18h\n\nTelefone: (11) 4002-8922',
      contacts: [],
    });
  });

  it('accepts application/xhtml+xml and gzip-encoded bodies', async () => {
    const xhtml = await fetchPageText(`${site.origin}/xhtml`, loopbackForSite);
    expect(xhtml.title).toBe('XHTML');
    expect(xhtml.text).toContain('Conteúdo XHTML');
    const gz = await fetchPageText(`${site.origin}/gzip`, loopbackForSite);
    expect(gz.title).toBe('Comprimido');
    expect(gz.text).toBe('Texto comprimido com gzip');
  });

  it('follows a redirect chain within the limit and reports the final URL', async () => {
    const page = await fetchPageText(`${site.origin}/chain/5`, loopbackForSite);
    expect(page.url).toBe(`${site.origin}/chain/0`);
    expect(page.title).toBe('Fim');
    expect(page.text).toBe('Fim da cadeia de redirecionamentos');
  });

  it('resolves relative Location headers (303) and drops the fragment', async () => {
    const page = await fetchPageText(`${site.origin}/relative`, loopbackForSite);
    expect(page.url).toBe(`${site.origin}/page?from=relative`);
    expect(page.title).toContain('Padaria');
  });

  it('refuses too many redirects', async () => {
    const err = await failure(fetchPageText(`${site.origin}/chain/6`, loopbackForSite), 'TOO_MANY_REDIRECTS');
    expect(err.userMessage).toMatch(/redireciona/);
    await failure(fetchPageText(`${site.origin}/chain/3`, { ...loopbackForSite, maxRedirects: 2 }), 'TOO_MANY_REDIRECTS');
    await failure(fetchPageText(`${site.origin}/loop`, loopbackForSite), 'TOO_MANY_REDIRECTS');
    const before = site.requests.length;
    await failure(fetchPageText(`${site.origin}/chain/1`, { ...loopbackForSite, maxRedirects: 0 }), 'TOO_MANY_REDIRECTS');
    expect(site.requests.length - before).toBe(1);
  });

  it('refuses an oversize body while streaming', async () => {
    const err = await failure(fetchPageText(`${site.origin}/big`, { ...loopbackForSite, maxBytes: 64 * 1024 }), 'TOO_LARGE');
    expect(err.userMessage).toBe('A página é grande demais para ser importada (limite de 64 KB).');
    await failure(fetchPageText(`${site.origin}/big`, loopbackForSite), 'TOO_LARGE'); // default 2 MB cap
  });

  it('refuses a declared oversize Content-Length before reading, and a gzip bomb after decompression', async () => {
    const started = Date.now();
    await failure(fetchPageText(`${site.origin}/big-declared`, loopbackForSite), 'TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(2_000);
    await failure(fetchPageText(`${site.origin}/gzip-bomb`, { ...loopbackForSite, maxBytes: 1024 * 1024 }), 'TOO_LARGE');
  });

  it('enforces the time cap over a slow-drip body', async () => {
    const started = Date.now();
    const err = await failure(fetchPageText(`${site.origin}/slow`, { ...loopbackForSite, timeoutMs: 400 }), 'TIMEOUT');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(2_000);
    expect(err.userMessage).toMatch(/demorou/);
  });

  it('enforces the time cap on a server that never answers and on a DNS lookup that never returns', async () => {
    await failure(fetchPageText(`${site.origin}/hang`, { ...loopbackForSite, timeoutMs: 300 }), 'TIMEOUT');
    const never: HostLookup = () => new Promise(() => undefined);
    await failure(fetchPageText('http://slow-dns.example/', { lookup: never, timeoutMs: 300 }), 'TIMEOUT');
  });

  it('converts hostile HTML off the event loop and cuts it at the render time limit', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 20);
    const started = Date.now();
    try {
      const err = await failure(fetchPageText(`${site.origin}/deep`, { ...loopbackForSite, renderTimeoutMs: 800 }), 'TOO_LARGE');
      expect(err.userMessage).toBe('A página é grande ou complexa demais para ser importada.');
    } finally {
      clearInterval(ticker);
    }
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5_000);
    expect(ticks).toBeGreaterThan(elapsed / 20 / 4); // the event loop kept running meanwhile
  });

  it('refuses content types other than HTML and plain text', async () => {
    for (const path of ['/pdf', '/png', '/json', '/no-type']) {
      const err = await failure(fetchPageText(`${site.origin}${path}`, loopbackForSite), 'UNSUPPORTED_TYPE');
      expect(err.userMessage).toMatch(/não suportado/);
    }
  });

  it('reports HTTP errors with the status', async () => {
    const err = await failure(fetchPageText(`${site.origin}/missing`, loopbackForSite), 'HTTP_ERROR');
    expect(err.status).toBe(404);
    expect(err.userMessage).toBe('O site respondeu com erro (HTTP 404).');
    await failure(fetchPageText(`${site.origin}/no-location`, loopbackForSite), 'HTTP_ERROR');
    // Connection refused: a port nobody listens on (the victim server is closed for this check on a fresh port).
    const gone = await startServer(() => undefined);
    await gone.close();
    await failure(fetchPageText(`${gone.origin}/`, loopbackForSite), 'HTTP_ERROR');
  });

  it('refuses invalid and non-http(s) URLs, including as a redirect target', async () => {
    for (const bad of ['', 'not a url', 'ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://127.0.0.1:70/', 'data:text/html,oi', 'http://']) {
      await failure(fetchPageText(bad), 'INVALID_URL');
    }
    const err = await failure(
      fetchPageText(`${site.origin}/redirect-to?target=${encodeURIComponent('file:///etc/passwd')}`, loopbackForSite),
      'INVALID_URL',
    );
    expect(err.userMessage).toMatch(/http/);
  });

  it('sends the original hostname as Host while connecting to the pinned, vetted address', async () => {
    const lookup = vi.fn<HostLookup>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const page = await fetchPageText(`http://public.example:${site.port}/host`, { lookup, allowLoopbackLinks: true });
    expect(page.text).toBe(`host=public.example:${site.port}`);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('public.example');
  });

  it('re-resolves and re-validates on every hop (DNS rebinding between hops is refused)', async () => {
    const answers = ['127.0.0.1', '127.0.0.1', '10.0.0.5'];
    const lookup = vi.fn<HostLookup>(async () => [{ address: answers.shift() ?? '10.0.0.5' }]);
    const before = site.requests.length;
    const err = await failure(
      fetchPageText(`http://rebind.example:${site.port}/chain/5`, { lookup, allowLoopbackLinks: true }),
      'BLOCKED_ADDRESS',
    );
    expect(lookup).toHaveBeenCalledTimes(3);
    expect(site.requests.length - before).toBe(2); // the third hop never connected
    expect(err.url).toBe(`http://rebind.example:${site.port}/chain/3`);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// SSRF: default options (allowLoopbackLinks false) — refused before any connection
// ---------------------------------------------------------------------------------------------------------------

describe('fetchPageText SSRF refusals', () => {
  it('refuses loopback, metadata and internal addresses in every textual form without connecting', async () => {
    const p = victim.port;
    const attempts = [
      `http://127.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      `http://2130706433:${p}/`,
      `http://2130706433/`,
      `http://0x7f000001:${p}/`,
      `http://0x7f000001/`,
      `http://017700000001:${p}/`,
      `http://127.1:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://0:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::1]/`,
      `http://[::]:${p}/`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://[::ffff:169.254.169.254]/latest/meta-data/`,
      `http://10.0.0.1/`,
      `http://192.168.0.1/`,
      `http://172.16.5.4/`,
      `http://100.64.0.1/`,
      `http://[fd00::1]/`,
      `http://[fe80::1]/`,
      `https://127.0.0.1:${p}/`,
      `http://user:pass@127.0.0.1:${p}/`,
    ];
    if (victim6) attempts.push(`http://[::1]:${victim6.port}/`);
    for (const attempt of attempts) {
      const err = await failure(fetchPageText(attempt), 'BLOCKED_ADDRESS');
      expect(err.userMessage).toBe('Endereço não permitido: links para redes internas não são aceitos.');
      expect(err.url ?? '').not.toContain('pass');
    }
    expect(victim.connections).toBe(0);
    expect(victim.requests).toEqual([]);
    expect(victim6?.connections ?? 0).toBe(0);
  });

  it('never consults DNS for IP-literal hosts', async () => {
    const lookup = vi.fn<HostLookup>(async () => [{ address: '8.8.8.8' }]);
    await failure(fetchPageText(`http://2130706433:${victim.port}/`, { lookup }), 'BLOCKED_ADDRESS');
    await failure(fetchPageText(`http://[::ffff:127.0.0.1]:${victim.port}/`, { lookup }), 'BLOCKED_ADDRESS');
    expect(lookup).not.toHaveBeenCalled();
    expect(victim.connections).toBe(0);
  });

  it('allowLoopbackLinks lets loopback through but never private, link-local or metadata addresses', async () => {
    const lookup: HostLookup = async () => [{ address: '10.0.0.5' }];
    await failure(vetUrl('http://intranet.example/', { lookup, allowLoopbackLinks: true }), 'BLOCKED_ADDRESS');
    await failure(fetchPageText('http://169.254.169.254/latest/meta-data/', { allowLoopbackLinks: true }), 'BLOCKED_ADDRESS');
    await failure(fetchPageText('http://[fd00::1]/', { allowLoopbackLinks: true }), 'BLOCKED_ADDRESS');
    await failure(fetchPageText('http://0.0.0.0/', { allowLoopbackLinks: true }), 'BLOCKED_ADDRESS');
  });

  it('refuses a redirect to loopback on the hop, without the target receiving anything', async () => {
    const targets = [
      `http://127.0.0.1:${victim.port}/secret`,
      `http://localhost:${victim.port}/secret`,
      `http://2130706433:${victim.port}/secret`,
      `http://[::ffff:127.0.0.1]:${victim.port}/secret`,
      `http://0x7f000001:${victim.port}/secret`,
      `http://169.254.169.254/latest/meta-data/`,
      `//127.0.0.1:${victim.port}/protocol-relative`,
    ];
    // Loopback is allowed for the first server's hops only: the test stands in for a public site.
    const allowLoopbackLinks = (u: URL) => u.hostname === '127.0.0.1' && u.port === String(site.port);
    for (const target of targets) {
      const before = site.requests.length;
      const err = await failure(
        fetchPageText(`${site.origin}/redirect-to?target=${encodeURIComponent(target)}`, { allowLoopbackLinks }),
        'BLOCKED_ADDRESS',
      );
      expect(site.requests.length - before).toBe(1);
      expect(err.url).toBe(new URL(target, site.origin).href);
    }
    expect(victim.connections).toBe(0);
    expect(victim.requests).toEqual([]);
  });

  it('vets names through DNS: private answers refused, public answers accepted (no connection made)', async () => {
    const zone: Record<string, string[]> = {
      'intranet.example': ['10.0.0.5'],
      'public.example': ['93.184.216.34'],
      'public6.example': ['2606:2800:220:1:248:1893:25c8:1946'],
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'garbage.example': ['not-an-address'],
    };
    const lookup = vi.fn<HostLookup>(async (host) => {
      const found = zone[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address }));
    });

    const ok = await vetUrl('https://public.example/sobre', { lookup });
    expect(ok).toMatchObject({ hostname: 'public.example', address: '93.184.216.34', family: 4 });
    expect(ok.url.href).toBe('https://public.example/sobre');
    const ok6 = await vetUrl('http://public6.example/', { lookup });
    expect(ok6.family).toBe(6);

    for (const host of ['intranet.example', 'mixed.example', 'mapped.example', 'metadata.example', 'garbage.example']) {
      await failure(vetUrl(`http://${host}/`, { lookup }), 'BLOCKED_ADDRESS');
      await failure(fetchPageText(`http://${host}/`, { lookup }), 'BLOCKED_ADDRESS');
    }
    await failure(fetchPageText('http://nowhere.example/', { lookup }), 'DNS_FAILED');
    await failure(fetchPageText('http://empty.example/', { lookup: async () => [] }), 'DNS_FAILED');
  });
});

describe('renderDocument', () => {
  it('keeps the title scan linear on pathological input', () => {
    const started = Date.now();
    expect(renderDocument(convert, '<title'.repeat(300_000), true).title).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(renderDocument(convert, '<titles>no</titles><title lang="pt">Sim</title>', true).title).toBe('Sim');
  });

  it('normalises plain text without touching its content', () => {
    expect(renderDocument(convert, ' Preço:\u00a0R$\t10 \u200b\r\n\r\n\r\n| a | b |\n', false)).toEqual({
      title: null,
      text: 'Preço: R$ 10\n\n| a | b |',
      chrome: '',
    });
  });

  it('renders the header, footer and navigation apart from the text, in the same pass (links/contacts.ts reads them)', () => {
    const html = `<body><header><h1>Pet Vida</h1><p>(13) 3342-7517</p><nav><a href="/">Início</a> <a href="/s">Serviços</a></nav></header>
      <main><h2>Serviços</h2><p>Banho e tosa.</p><table><tr><td>Consulta</td><td>R$ 120,00</td></tr></table></main>
      <footer><div>Av. Oswaldo Cruz, 1396 - Guarujá<br>Seg a Sex 8h às 18h</div><img alt="selo" src="selo.png"></footer>
      <p>Até \u0001logo\u0002!</p></body>`;
    expect(renderDocument(convert, html, true)).toEqual({
      title: null,
      text: 'Serviços\n\nBanho e tosa.\n\nConsulta | R$ 120,00\n\nAté logo!',
      // A nav inside the header is the header's; the marks the split uses are cleared from the input first.
      chrome: 'Pet Vida\n\n(13) 3342-7517\n\nInício Serviços\n\nAv. Oswaldo Cruz, 1396 - Guarujá\nSeg a Sex 8h às 18h',
    });
    expect(renderDocument(convert, '<p>Sem cabeçalho</p>', true).chrome).toBe('');
  });

  it("keeps a header's sentences in the text (a landing page's hero), its name, menu and contacts in the chrome", () => {
    const html = `<body><div class="feature"><header><h1>Gilberto Junior</h1>
      <h2>Pianista e professor de piano e teclado <br> para todas as idades</h2>
      <p>Realize seu sonho em aprender piano ou teclado com preços promocionais!</p><p><a href="#precos">Saiba mais</a></p>
      <nav><a href="/">Quem somos</a> <a href="/s">Nossos serviços</a> <a href="/c">Fale conosco</a> <a href="/t">Trabalhe conosco</a></nav>
      <p>contato@gilberto.mus.br (11) 98888-7777</p></header></div>
      <main><h2>Aulas</h2><p>Aulas online pelo Zoom.</p></main><footer><p>Desenvolvido com carinho pela equipe da agência</p></footer></body>`;
    expect(renderDocument(convert, html, true)).toEqual({
      title: null,
      text:
        'Pianista e professor de piano e teclado\npara todas as idades\n\n' +
        'Realize seu sonho em aprender piano ou teclado com preços promocionais!\n\nAulas\n\nAulas online pelo Zoom.',
      // A nav's words are never the page's, however many are in lower case; nor is a footer's sentence.
      chrome:
        'Gilberto Junior\n\nSaiba mais\n\ncontato@gilberto.mus.br (11) 98888-7777\n\n' +
        'Quem somos Nossos serviços Fale conosco Trabalhe conosco\n\nDesenvolvido com carinho pela equipe da agência',
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// extractLinks
// ---------------------------------------------------------------------------------------------------------------

describe('extractLinks', () => {
  it('finds links one per line, separated by spaces or commas', () => {
    expect(extractLinks('https://loja.com.br\nhttp://loja.com.br/faq\r\nhttps://blog.loja.com.br/post?id=1')).toEqual([
      'https://loja.com.br/',
      'http://loja.com.br/faq',
      'https://blog.loja.com.br/post?id=1',
    ]);
    expect(extractLinks('https://a.com.br, https://b.com.br,https://c.com.br https://d.com.br')).toEqual([
      'https://a.com.br/',
      'https://b.com.br/',
      'https://c.com.br/',
      'https://d.com.br/',
    ]);
  });

  it('accepts bare www. links as https', () => {
    expect(extractLinks('www.loja.com.br/cardapio e WWW.Outra.com')).toEqual([
      'https://www.loja.com.br/cardapio',
      'https://www.outra.com/',
    ]);
    expect(extractLinks('Site:www.loja.com.br')).toEqual(['https://www.loja.com.br/']);
  });

  it('strips sentence punctuation but keeps balanced brackets and commas inside paths', () => {
    expect(extractLinks('Veja https://loja.com.br/faq. E também (https://loja.com.br/sobre).')).toEqual([
      'https://loja.com.br/faq',
      'https://loja.com.br/sobre',
    ]);
    expect(extractLinks('https://pt.wikipedia.org/wiki/Caf%C3%A9_(bebida)')).toEqual([
      'https://pt.wikipedia.org/wiki/Caf%C3%A9_(bebida)',
    ]);
    expect(extractLinks('https://loja.com.br/a,b?x=1,2')).toEqual(['https://loja.com.br/a,b?x=1,2']);
  });

  it('dedupes after normalisation and ignores fragments', () => {
    expect(extractLinks('https://Loja.com.br https://loja.com.br/ https://loja.com.br/#contato www.loja.com.br')).toEqual([
      'https://loja.com.br/',
      'https://www.loja.com.br/',
    ]);
  });

  it('accepts bare domains as https, as merchants type them, but not file names, e-mails or words with a dot', () => {
    expect(extractLinks('minhaloja.com.br/faq\nLoja.COM.br:8443/menu?x=1\nVeja loja.com/sobre.\ncafé.com.br\nloja.рф/menu')).toEqual([
      'https://minhaloja.com.br/faq',
      'https://loja.com.br:8443/menu?x=1',
      'https://loja.com/sobre',
      'https://xn--caf-dma.com.br/',
      'https://loja.xn--p1ai/menu',
    ]);
    expect(extractLinks('a.com.br,b.com.br c.app')).toEqual(['https://a.com.br/', 'https://b.com.br/', 'https://c.app/']);
    expect(extractLinks('cardapio.pdf foto.jpg index.html Sr.Fulano joao.silva@loja.com.br v1.2 R$ 10.50 contato@loja.com.br')).toEqual([]);
    // A bare IPv4 address is a candidate too, so the SSRF guard (not the extractor) decides about it.
    expect(extractLinks('192.168.0.1/admin')).toEqual(['https://192.168.0.1/admin']);
  });

  it('ignores non-http schemes, e-mails and junk', () => {
    expect(
      extractLinks('ftp://files.loja.com ftp://www.loja.com javascript:alert(1) file:///etc/passwd mailto:a@b.com contato@www.loja.com http:// www. https://localhost'),
    ).toEqual([]);
    expect(extractLinks('')).toEqual([]);
    expect(extractLinks('sem links aqui')).toEqual([]);
  });

  it('caps the number of links', () => {
    const many = Array.from({ length: 30 }, (_, i) => `https://site${i}.com.br`).join('\n');
    expect(extractLinks(many)).toHaveLength(20);
    expect(extractLinks(many, 3)).toEqual(['https://site0.com.br/', 'https://site1.com.br/', 'https://site2.com.br/']);
    expect(extractLinks(many, 0)).toEqual([]);
  });
});

describe('analyseLinks: every line that is not read is named, with a pt-BR reason', () => {
  const skipped = (text: string, reason: string) => ({ kind: 'skipped', text, reason });
  const link = (url: string) => ({ kind: 'link', url });

  it('reports what the reader cannot use instead of dropping it', () => {
    expect(analyseLinks('minhaloja.com.br/faq\nftp://loja.com.br/x\nhttp://intranet/wiki')).toEqual([
      link('https://minhaloja.com.br/faq'),
      skipped('ftp://loja.com.br/x', 'Apenas links http:// e https:// são lidos.'),
      skipped('http://intranet/wiki', 'Endereço não permitido: links para redes internas não são aceitos.'),
    ]);
    expect(analyseLinks('http://localhost:3222/admin\nfile:///etc/passwd\n  \nnosso instagram\ncardapio.pdf\nmailto:a@b.com\nhttp://\nhttps://loja..com.br/')).toEqual([
      skipped('http://localhost:3222/admin', SKIP_REASONS.blocked),
      skipped('file:///etc/passwd', SKIP_REASONS.onlyHttp),
      skipped('nosso instagram', SKIP_REASONS.notWebAddress),
      skipped('cardapio.pdf', SKIP_REASONS.notWebAddress),
      skipped('mailto:a@b.com', SKIP_REASONS.onlyHttp),
      skipped('http://', SKIP_REASONS.invalid),
      skipped('https://loja..com.br/', SKIP_REASONS.invalid),
    ]);
    expect(Object.values(SKIP_REASONS).every((reason) => /^[A-ZÁÉÍÓÚÂÊÔÃÕÇ]/.test(reason) && reason.endsWith('.'))).toBe(true);
  });

  it('keeps the order typed, names a non-http piece beside a good link, and reports each problem once', () => {
    expect(analyseLinks('https://a.com.br ftp://b.com.br\nftp://b.com.br\nhttps://A.com.br/\nwww.c.com.br')).toEqual([
      link('https://a.com.br/'),
      skipped('ftp://b.com.br', SKIP_REASONS.onlyHttp),
      link('https://www.c.com.br/'),
    ]);
  });

  it('reports the links past the limit, and shortens what it shows of a long line', () => {
    const many = Array.from({ length: 22 }, (_, i) => `site${i}.com.br`).join('\n');
    const entries = analyseLinks(many);
    expect(entries.filter((e) => e.kind === 'link')).toHaveLength(20);
    expect(entries.slice(20)).toEqual([
      skipped('https://site20.com.br/', SKIP_REASONS.overLimit),
      skipped('https://site21.com.br/', SKIP_REASONS.overLimit),
    ]);
    const long = analyseLinks(`palavra `.repeat(100));
    expect(long).toHaveLength(1);
    expect((long[0] as { text: string }).text).toHaveLength(200);
    expect(analyseLinks(`https://loja.com.br/${'a'.repeat(2100)}`)).toEqual([
      skipped(`https://loja.com.br/${'a'.repeat(179)}…`, SKIP_REASONS.tooLong),
    ]);
    expect(analyseLinks('')).toEqual([]);
  });

  it('names at most 50 problems and counts the rest', () => {
    const entries = analyseLinks(Array.from({ length: 53 }, (_, i) => `linha ${i}`).join('\n'));
    expect(entries).toHaveLength(MAX_SKIPPED_SHOWN + 1);
    expect(entries[49]).toEqual(skipped('linha 49', SKIP_REASONS.notWebAddress));
    expect(entries[50]).toEqual({ kind: 'more', count: 3 });
  });
});
