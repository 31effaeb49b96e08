import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../e2e/fakes';
import { passages } from '../src/db/schema';
import { LocalDiskStorage } from '../src/files/storage';
import { replaceLinkPassages, type LinkPage } from '../src/knowledge/passages';
import { preparePassages } from '../src/knowledge/ingest/prepare';
import { messages } from '../src/knowledge/parsers/errors';
import { lexicalSearch } from '../src/knowledge/retrieval';
import { splitText } from '../src/knowledge/ingest/split';
import { chatOutput, createAgent, createUserWithAgent, visitor } from './helpers/agents';
import { createTestContext, createUser, type TestContext } from './helpers/context';
import { listFiles, upload, waitForIngestion } from './helpers/knowledge';

const PRICE_CSV = 'Produto;Preço;Estoque\nPão de queijo;R$ 4,50;120\nCafé coado;R$ 6,00;80\nBolo de fubá;R$ 22,00;5\n';
const FAQ_TXT =
  'Perguntas frequentes da Loja Aurora\n\nA garantia dos nossos produtos é de 12 meses contra defeitos de fabricação.\n\nAceitamos Pix, cartão de crédito em até 6 vezes e boleto.';

describe('knowledge files (offline mode, lexical retrieval)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ jobs: true });
  });
  afterAll(() => ctx.close());

  it('uploads, ingests to "pronto" and answers a fact from each file; delete removes the fact', async () => {
    const { user, agent } = await createUserWithAgent(ctx, 'Aurora');
    const res = await upload(ctx, user, agent.id, [
      { name: 'Tabela de Preços.csv', bytes: PRICE_CSV, type: 'application/vnd.ms-excel' },
      { name: 'faq.txt', bytes: FAQ_TXT, type: 'text/plain' },
    ]);
    expect(res.status).toBe(201);
    const created = (await res.json()) as { files: Array<{ id: string; filename: string; mimeType: string; status: string }> };
    expect(created.files.map((f) => [f.filename, f.mimeType])).toEqual([
      ['Tabela de Preços.csv', 'text/csv'],
      ['faq.txt', 'text/plain'],
    ]);

    const ready = await waitForIngestion(ctx, user, agent.id);
    expect(ready.map((f) => f.status)).toEqual(['ready', 'ready']);
    expect(ready.every((f) => f.passages > 0 && f.embedded === false)).toBe(true);
    expect((await listFiles(ctx, user, agent.id)).retrieval).toBe('lexical');

    const price = await chatOutput(ctx, agent.webhookId, 'Quanto custa o bolo de fubá?');
    expect(price).toContain('R$ 22,00');
    expect(price).toContain('Tabela de Preços.csv');
    const warranty = await chatOutput(ctx, agent.webhookId, 'Qual é a garantia dos produtos?');
    expect(warranty).toContain('12 meses');
    expect(warranty).toContain('faq.txt');

    const faq = ready.find((f) => f.filename === 'faq.txt')!;
    expect((await ctx.request(`/api/agents/${agent.id}/files/${faq.id}`, { method: 'DELETE', token: user.token })).status).toBe(204);
    expect(await chatOutput(ctx, agent.webhookId, 'Qual é a garantia dos produtos?')).not.toContain('12 meses');
    const left = await ctx.database.db.select().from(passages).where(eq(passages.sourceId, faq.id));
    expect(left).toEqual([]);
  });

  it('a PDF whose attachments only are encrypted is read, and the file says what was left out', async () => {
    // encrypted-attachment.pdf comes from pdf.js's test suite (test/fixtures/public/README.md).
    const { user, agent } = await createUserWithAgent(ctx, 'Anexos');
    const bytes = readFileSync(new URL('./fixtures/public/encrypted-attachment.pdf', import.meta.url));
    expect((await upload(ctx, user, agent.id, [{ name: 'catalogo.pdf', bytes, type: 'application/pdf' }])).status).toBe(201);
    const [file] = await waitForIngestion(ctx, user, agent.id);
    expect(file).toMatchObject({ status: 'ready', error: null, notice: messages.pdfEncryptedAttachments });
    expect(file!.passages).toBeGreaterThan(0);
    // A file read whole has no notice.
    expect((await upload(ctx, user, agent.id, [{ name: 'faq.txt', bytes: FAQ_TXT, type: 'text/plain' }])).status).toBe(201);
    const files = await waitForIngestion(ctx, user, agent.id);
    expect(files.find((f) => f.filename === 'faq.txt')).toMatchObject({ status: 'ready', notice: null });
  });

  it('serves the file to its owner and through the signed link only', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await upload(ctx, user, agent.id, [{ name: 'faq.txt', bytes: FAQ_TXT }]);
    const [file] = (await listFiles(ctx, user, agent.id)).files;
    const signed = new URL(file!.url);
    expect(signed.pathname).toBe(`/files/${file!.id}`);
    const expires = Number(signed.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(31_536_000 - 60);

    const ok = await ctx.app.request(signed.pathname + signed.search);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(FAQ_TXT);
    expect(ok.headers.get('content-disposition')).toContain("filename*=UTF-8''faq.txt");

    const tampered = new URL(signed);
    tampered.searchParams.set('expires', String(expires + 1));
    expect((await ctx.app.request(tampered.pathname + tampered.search)).status).toBe(403);
    expect((await ctx.app.request(`/files/${file!.id}`)).status).toBe(403);

    const own = await ctx.request(`/api/agents/${agent.id}/files/${file!.id}/download`, { token: user.token });
    expect(await own.text()).toBe(FAQ_TXT);
  });

  it("keeps another user's files and passages unreachable", async () => {
    const owner = await createUser(ctx);
    const intruder = await createUser(ctx);
    const agent = await createAgent(ctx, owner);
    const mine = await createAgent(ctx, intruder);
    await upload(ctx, owner, agent.id, [{ name: 'segredo.txt', bytes: 'O código do cofre é CANARIO-ARQUIVO-987.' }]);
    await waitForIngestion(ctx, owner, agent.id);
    const [file] = (await listFiles(ctx, owner, agent.id)).files;

    for (const [method, path] of [
      ['GET', `/api/agents/${agent.id}/files`],
      ['DELETE', `/api/agents/${agent.id}/files/${file!.id}`],
      ['GET', `/api/agents/${agent.id}/files/${file!.id}/download`],
      ['DELETE', `/api/agents/${mine.id}/files/${file!.id}`],
      ['GET', `/api/agents/${mine.id}/files/${file!.id}/download`],
    ] as const) {
      expect((await ctx.request(path, { method, token: intruder.token })).status, `${method} ${path}`).toBe(404);
    }
    const upl = await upload(ctx, intruder, agent.id, [{ name: 'x.txt', bytes: 'x' }]);
    expect(upl.status).toBe(404);
    expect(await chatOutput(ctx, mine.webhookId, 'qual o código do cofre?')).not.toContain('CANARIO-ARQUIVO-987');
    expect((await listFiles(ctx, owner, agent.id)).files).toHaveLength(1);
  });

  it('refuses a whole selection with an unsupported extension, mislabelled content and oversize files, storing nothing', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const mixed = await upload(ctx, user, agent.id, [
      { name: 'ok.txt', bytes: 'texto' },
      { name: 'foto.png', bytes: 'x' },
      { name: 'app.exe', bytes: 'MZ' },
    ]);
    expect(mixed.status).toBe(415);
    expect(await mixed.json()).toMatchObject({ error: { userMessage: 'Tipos de arquivo não suportados: foto.png, app.exe' } });

    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const fake = await upload(ctx, user, agent.id, [{ name: 'catalogo.pdf', bytes: png, type: 'application/pdf' }]);
    expect(fake.status).toBe(415);

    const big = await upload(ctx, user, agent.id, [{ name: 'grande.txt', bytes: new Uint8Array(52_428_801).fill(65) }]);
    expect(big.status).toBe(413);
    expect((await listFiles(ctx, user, agent.id)).files).toEqual([]);
  });
});

describe('knowledge with an LLM and embeddings (hybrid retrieval)', () => {
  let llm: FakeOpenAI;
  let ctx: TestContext;
  beforeAll(async () => {
    llm = await startFakeOpenAI();
    // The fake LLM answers with its whole system prompt, so the test sees what reached the model.
    llm.reply = (req) => String(req.messages[0]?.content ?? '');
    ctx = await createTestContext({
      jobs: true,
      // The retry test waits for the last of 3 retries: 1 + 2 + 4 s instead of production's 5 + 10 + 20 s.
      jobRetryDelaySeconds: 1,
      env: { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: llm.baseUrl, EMBEDDING_MODEL: 'fake-embedding' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await llm.close();
  });

  // PGlite always has pgvector; the CI Postgres may not, and then retrieval is lexical only (and says so).
  const hybrid = () => ctx.services.vectors.enabled;

  it('embeds passages (when pgvector exists) and brings the right one to the model', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await upload(ctx, user, agent.id, [{ name: 'precos.csv', bytes: PRICE_CSV }]);
    const [file] = await waitForIngestion(ctx, user, agent.id);
    expect(file).toMatchObject({ status: 'ready', embedded: hybrid() });
    const listed = await listFiles(ctx, user, agent.id);
    expect(listed.retrieval).toBe(hybrid() ? 'hybrid' : 'lexical');
    if (ctx.database.kind === 'pglite') expect(hybrid()).toBe(true);
    expect(llm.embeddingRequests.length > 0).toBe(hybrid());
    const output = await chatOutput(ctx, agent.webhookId, 'Qual o preço do café coado?');
    expect(output).toContain('Café coado');
    expect(output).toContain('R$ 6,00');
    expect(output).toContain('Fonte: precos.csv');
  });

  it('removes embeddings with their passages: a file deleted, an agent deleted, an account deleted', async ({ skip }) => {
    if (!hybrid()) skip(); // Postgres without pgvector stores no embeddings
    const count = async (where: ReturnType<typeof sql>) =>
      Number(((await ctx.database.db.execute(sql`select count(*)::int as n from passage_embeddings e where ${where}`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    const orphans = sql`not exists (select 1 from passages p where p.id = e.passage_id)`;
    const [user, other] = [await createUser(ctx), await createUser(ctx)];
    const [first, second] = [await createAgent(ctx, user), await createAgent(ctx, other)];
    for (const [owner, agent] of [[user, first], [other, second]] as const) {
      await upload(ctx, owner, agent.id, [
        { name: 'precos.csv', bytes: PRICE_CSV },
        { name: 'faq.txt', bytes: FAQ_TXT },
      ]);
    }
    const files = await waitForIngestion(ctx, user, first.id);
    await waitForIngestion(ctx, other, second.id);
    const ofAgent = (id: string) => count(sql`e.agent_id = ${id}`);
    const embedded = await ofAgent(first.id);
    expect(embedded).toBe(files.reduce((n, f) => n + f.passages, 0));

    const faq = files.find((f) => f.filename === 'faq.txt')!;
    expect((await ctx.request(`/api/agents/${first.id}/files/${faq.id}`, { method: 'DELETE', token: user.token })).status).toBe(204);
    expect(await ofAgent(first.id)).toBe(embedded - faq.passages);
    expect((await ctx.request(`/api/agents/${first.id}`, { method: 'DELETE', token: user.token })).status).toBe(204);
    expect(await ofAgent(first.id)).toBe(0);

    expect(await ofAgent(second.id)).toBe(embedded);
    await ctx.database.db.execute(sql`delete from "user" where id = ${other.id}`);
    expect(await ofAgent(second.id)).toBe(0);
    expect(await count(orphans)).toBe(0);
  });

  it('retries a failing embeddings provider and ends in "erro" with a reason (lexical-only: unaffected)', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    llm.mode = 'error';
    try {
      await upload(ctx, user, agent.id, [{ name: 'faq.txt', bytes: FAQ_TXT }]);
      const [file] = await waitForIngestion(ctx, user, agent.id, 120_000);
      if (hybrid()) {
        expect(file).toMatchObject({ status: 'error', error: expect.stringContaining('Não foi possível indexar') });
        expect(llm.embeddingRequests.length).toBeGreaterThan(1); // retried
      } else {
        expect(file).toMatchObject({ status: 'ready', embedded: false });
      }
    } finally {
      llm.mode = 'normal';
    }
  }, 150_000);
});

describe('knowledge base links', () => {
  let site: Server;
  let siteUrl: string;
  let hits = 0;
  beforeAll(async () => {
    site = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>Sobre a Aurora</title></head><body><nav>menu</nav><p>Nossa loja fica na Rua das Flores, 123.</p></body></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/sobre`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('refuses loopback links by default (SSRF) and reports them', async () => {
    const ctx = await createTestContext({ jobs: true });
    try {
      const { user, agent } = await createUserWithAgent(ctx);
      for (const link of [siteUrl, 'http://2130706433/', 'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/latest/meta-data/']) {
        const before = hits;
        await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Aurora', about: '', links: link } });
        await vi.waitFor(
          async () => {
            const kb = (await (await ctx.request(`/api/agents/${agent.id}/knowledge`, { token: user.token })).json()) as { linksReport: string | null };
            expect(kb.linksReport).toContain(new URL(link).href.replace(/\/$/, ''));
          },
          { timeout: 30_000, interval: 200 },
        );
        expect(hits).toBe(before);
      }
      const count = await ctx.database.db.execute(sql`select count(*)::int as n from passages where source_type = 'link'`);
      expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('reports every line it does not read, with the reason, and reads bare domains as https', async () => {
    const ctx = await createTestContext({ jobs: true });
    try {
      const { user, agent } = await createUserWithAgent(ctx);
      // A domain that does not exist: it is tried (never dropped), and DNS says no, with or without a network.
      const bare = 'atende-teste-inexistente-7c1e.com.br/faq';
      const links = [bare, 'ftp://loja.com.br/x', 'http://intranet/wiki', 'http://localhost:3222/admin', 'file:///etc/passwd', 'nosso instagram', siteUrl].join('\n');
      const saved = await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Loja A', about: 'Sobre.', links } });
      expect(await saved.json()).toMatchObject({ linksPending: true });
      const read = async () => (await (await ctx.request(`/api/agents/${agent.id}/knowledge`, { token: user.token })).json()) as { linksReport: string | null; linksPending: boolean };
      await vi.waitFor(async () => expect(await read()).toMatchObject({ linksPending: false }), { timeout: 30_000, interval: 200 });
      const report = (await read()).linksReport?.split('\n') ?? [];
      expect(report).toHaveLength(7);
      expect(report[0]).toMatch(/^https:\/\/atende-teste-inexistente-7c1e\.com\.br\/faq: \S/);
      expect(report.slice(1)).toEqual([
        'ftp://loja.com.br/x: Apenas links http:// e https:// são lidos.',
        'http://intranet/wiki: Endereço não permitido: links para redes internas não são aceitos.',
        'http://localhost:3222/admin: Endereço não permitido: links para redes internas não são aceitos.',
        'file:///etc/passwd: Apenas links http:// e https:// são lidos.',
        'nosso instagram: Não é um endereço de site: escreva o endereço da página, como www.suaempresa.com.br/cardapio.',
        `${siteUrl}: Endereço não permitido: links para redes internas não são aceitos.`,
      ]);
    } finally {
      await ctx.close();
    }
  });

  it('indexes an allowed page as text (loopback allowed only by the explicit test setting)', async () => {
    const ctx = await createTestContext({ jobs: true, env: { KNOWLEDGE_ALLOW_LOOPBACK_LINKS: 'true' } });
    try {
      const { user, agent } = await createUserWithAgent(ctx);
      await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Aurora', about: 'Loja de flores.', links: siteUrl } });
      // Each poll is a new visitor: unanswered twice in a row, one conversation would be handed to the team.
      let poll = 0;
      await vi.waitFor(
        async () => expect(await chatOutput(ctx, agent.webhookId, 'Qual o endereço da loja?', visitor(`poll-${poll++}`))).toContain('Rua das Flores, 123'),
        { timeout: 30_000, interval: 300 },
      );
      const answer = await chatOutput(ctx, agent.webhookId, 'Qual o endereço da loja?');
      expect(answer).toContain('Sobre a Aurora');
      expect(answer).not.toContain('menu');
    } finally {
      await ctx.close();
    }
  });

  it("answers from a site's footer (its only phone), said once for all its pages", async () => {
    // A small clinic's site (QA pass 5): the phone and the hours only in the header and footer of every page.
    const clinic = createServer((req, res) => {
      const main = req.url === '/servicos' ? '<h1>Serviços</h1><p>Consultas, vacinas e banho e tosa.</p>' : '<h1>A clínica</h1><p>Desde 2004 cuidando do seu pet.</p>';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<html><head><title>Pet Vida</title></head><body>
        <header><img src="logo.png"><nav><a href="/">Início</a> <a href="/servicos">Serviços</a> <a href="/fale">Fale conosco</a></nav></header>
        <main>${main}</main>
        <footer><div>Rua das Acácias, 210 - Guarujá<br>Tel.: (13) 3342-7517</div><div>Seg a Sex, das 8h às 18h</div><p>Desenvolvido por Agência X</p></footer>
      </body></html>`);
    });
    await new Promise<void>((resolve) => clinic.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(clinic.address() as AddressInfo).port}`;
    const ctx = await createTestContext({ jobs: true, env: { KNOWLEDGE_ALLOW_LOOPBACK_LINKS: 'true' } });
    try {
      const { user, agent } = await createUserWithAgent(ctx);
      await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Pet Vida', about: '', links: `${origin}/\n${origin}/servicos` } });
      const linkRows = async () => ctx.database.db.select().from(passages).where(and(eq(passages.agentId, agent.id), eq(passages.sourceType, 'link')));
      await vi.waitFor(async () => expect(new Set((await linkRows()).map((p) => p.sourceId)).size).toBe(2), { timeout: 30_000, interval: 200 });
      const rows = await linkRows();
      // The footer's contacts are one passage, of the first page; no menu, no credits.
      const contacts = rows.filter((p) => p.content.includes('3342-7517'));
      expect(contacts.map((p) => [p.sourceId, p.content])).toEqual([
        [`${origin}/`, 'Contato\n\nRua das Acácias, 210 - Guarujá\nTel.: (13) 3342-7517\nSeg a Sex, das 8h às 18h'],
      ]);
      expect(rows.map((p) => p.content).join('\n')).not.toMatch(/Fale conosco|Agência X/);
      const phone = await chatOutput(ctx, agent.webhookId, 'qual o telefone?', visitor('phone'));
      expect(phone).toContain('(13) 3342-7517');
      expect(await chatOutput(ctx, agent.webhookId, 'que horas vcs abrem?', visitor('hours'))).toContain('das 8h às 18h');
      expect(await chatOutput(ctx, agent.webhookId, 'qual o endereço?', visitor('address'))).toContain('Rua das Acácias, 210');
    } finally {
      await ctx.close();
      await new Promise<void>((resolve) => clinic.close(() => resolve()));
    }
  });
});

describe('re-indexing links', () => {
  it('swaps the passages atomically: retrieval finds the page before, during and after, never twice', async () => {
    const ctx = await createTestContext();
    try {
      const { user, agent } = await createUserWithAgent(ctx);
      const deps = { db: ctx.database.db, vectors: ctx.services.vectors };
      const url = 'https://aurora.example/sobre';
      const page = (text: string): LinkPage => ({
        source: { agentId: agent.id, userId: user.id, sourceType: 'link', sourceId: url, sourceName: `Sobre a Aurora (${url})` },
        batches: [...preparePassages(splitText(text))],
      });
      const found = async () => (await lexicalSearch(ctx.database.db, agent.id, 'Qual o endereço da loja?')).map((p) => p.content).join('\n');
      const linkRows = async () => ctx.database.db.select().from(passages).where(and(eq(passages.agentId, agent.id), eq(passages.sourceType, 'link')));

      await replaceLinkPassages(deps, agent.id, [page('Nossa loja fica na Rua das Flores, 123.')], null);
      expect(await found()).toContain('Rua das Flores');

      // The page is read again; the embeddings provider is slow. Retrieval must keep the old page meanwhile.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let embedding!: () => void;
      const started = new Promise<void>((resolve) => (embedding = resolve));
      const reindex = replaceLinkPassages(deps, agent.id, [page('Nossa loja fica na Avenida Brasil, 500.')], async (contents) => {
        embedding();
        await gate;
        return contents.map(() => [0.1, 0.2, 0.3]);
      });
      await started;
      expect(await found()).toContain('Rua das Flores');
      expect(await linkRows()).toHaveLength(1);
      release();
      expect(await reindex).toBe(1);

      const after = await found();
      expect(after).toContain('Avenida Brasil');
      expect(after).not.toContain('Rua das Flores');
      expect(await linkRows()).toHaveLength(1);

      // A link that cannot be read any more is dropped, in the same single step.
      await replaceLinkPassages(deps, agent.id, [], null);
      expect(await linkRows()).toHaveLength(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('durability', () => {
  /** Storage whose reads never finish: the ingestion job stops mid-way, as in a crash. */
  class StuckStorage extends LocalDiskStorage {
    reads = 0;
    override get(): Promise<Uint8Array<ArrayBuffer>> {
      this.reads += 1;
      return new Promise(() => {});
    }
  }

  it('finishes a file interrupted by a restart, without duplicate passages', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-restart-'));
    const stuck = new StuckStorage(path.join(dataDir, 'files'));
    const first = await createTestContext({ jobs: true, dataDir, storage: stuck });
    try {
      const user = await createUser(first);
      const agent = await createAgent(first, user);
      await upload(first, user, agent.id, [{ name: 'faq.txt', bytes: FAQ_TXT }]);
      await vi.waitFor(() => expect(stuck.reads).toBe(1), { timeout: 30_000 });
      expect((await listFiles(first, user, agent.id)).files[0]!.status).toBe('processing');
      // "Kill": the first instance stops working; its job is left running with no heartbeat.
      await first.services.jobs.stop();
      const second = await createTestContext({ jobs: true, database: first.database, dataDir });
      try {
        const [file] = await waitForIngestion(second, user, agent.id, 90_000);
        expect(file, JSON.stringify(file)).toMatchObject({ status: 'ready' });
        const rows = await second.database.db.select().from(passages).where(eq(passages.sourceId, file!.id));
        expect(rows).toHaveLength(file!.passages);
        expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
        expect(await chatOutput(second, agent.webhookId, 'Qual é a garantia dos produtos?')).toContain('12 meses');
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  }, 150_000);
});
