/**
 * Hostile uploads through the real endpoint (POST /api/agents/{id}/files):
 * refused up front with a clear pt-BR message when the name, size or type is
 * wrong; when the content only betrays itself on parsing (zip bombs, path
 * traversal and symlink entries), the file ends in 'erro' with its reason and
 * the server keeps going. Nothing is ever written outside DATA_DIR/files.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Agent } from '@atende/shared';
import { MAX_FILE_BYTES } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema';
import { messages } from '../../src/knowledge/parsers/errors';
import { createAgent } from '../helpers/agents';
import { createTestContext, createUser, type TestContext, type TestUser } from '../helpers/context';
import { listFiles, upload, waitForIngestion } from '../helpers/knowledge';
import {
  declaredHugeDocx,
  docx,
  exe,
  lyingSizeDocx,
  manyEntriesZip,
  pathTraversalDocx,
  plainZip,
  png,
  symlinkDocx,
  zipBombDocx,
  zipBombXlsx,
} from '../fixtures/generate';

let ctx: TestContext;
let user: TestUser;
let agent: Agent;

beforeAll(async () => {
  ctx = await createTestContext({ jobs: true });
  user = await createUser(ctx);
  agent = await createAgent(ctx, user);
});
afterAll(() => ctx.close());

const send = (items: Parameters<typeof upload>[3]) => upload(ctx, user, agent.id, items);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; userMessage: string } }).error;
const stored = async () => (await listFiles(ctx, user, agent.id)).files;

describe('refused before anything is stored', () => {
  it.each([
    ['a PNG named .pdf', 'catalogo.pdf', png, 'application/pdf', /^O conteúdo de "catalogo\.pdf" não é um PDF válido\. Ele parece ser uma imagem\.$/],
    ['an EXE named .docx', 'contrato.docx', exe, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', /parece ser um programa executável/],
    ['an EXE named .txt', 'leia-me.txt', exe, 'text/plain', /não é um arquivo de texto válido/],
    ['a plain ZIP named .xlsx', 'planilha.xlsx', plainZip, 'application/vnd.ms-excel', /não é uma planilha do Excel \(XLSX\) válida/],
    ['a DOCX named .pdf', 'manual.pdf', () => docx(), 'application/pdf', /corrija a extensão para \.docx/],
  ])('%s', async (_label, name, bytes, type, message) => {
    const res = await send([{ name, bytes: bytes(), type }]);
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', userMessage: expect.stringMatching(message) });
  });

  it.each([
    ['path traversal', '../../etc/passwd.txt'],
    ['a Windows path', 'C:\\Users\\maria\\precos.txt'],
    ['a NUL byte', 'precos\u0000.txt'],
    ['a line break', 'precos\r\nX-Injetado: 1.txt'],
    ['a right-to-left override', 'fatura\u202Etxt.exe.txt'],
    ['300 characters', `${'a'.repeat(296)}.txt`],
  ])('a file name with %s', async (_label, name) => {
    const res = await send([{ name, bytes: 'Conteúdo comum de texto.', type: 'text/plain' }]);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      userMessage: expect.stringMatching(/^O nome do arquivo .*(contém caracteres não permitidos|passa de 255 caracteres)\. Renomeie o arquivo e envie novamente\.$/),
    });
  });

  it('a file over 50 MB, and a request body over the limit', async () => {
    const justOver = await send([{ name: 'grande.txt', bytes: new Uint8Array(MAX_FILE_BYTES + 1).fill(0x61) }]);
    expect(justOver.status).toBe(413);
    expect(await errorOf(justOver)).toMatchObject({ userMessage: 'O arquivo "grande.txt" passa do limite de 50 MB.' });

    const huge = await send([{ name: 'enorme.txt', bytes: new Uint8Array(MAX_FILE_BYTES + 2 * 1024 * 1024).fill(0x61) }]);
    expect(huge.status).toBe(413);
    expect(await errorOf(huge)).toMatchObject({ userMessage: 'O envio passa do limite de 50 MB por arquivo. Envie um arquivo por vez.' });
  });

  it('one bad file refuses the whole selection', async () => {
    const res = await send([
      { name: 'bom.txt', bytes: 'Texto bom.' },
      { name: '../ruim.txt', bytes: 'Texto ruim.' },
    ]);
    expect(res.status).toBe(400);
    expect(await stored()).toEqual([]);
  });
});

describe('hostile archives that pass detection end in "erro" with their reason', () => {
  it('zip bombs, lying sizes, traversal and symlink entries, too many entries', async () => {
    const cases = [
      { name: 'bomba.docx', bytes: zipBombDocx(300).bytes, reason: messages.zipBomb },
      { name: 'bomba.xlsx', bytes: zipBombXlsx(300), reason: messages.zipBomb },
      { name: 'declara-1gb.docx', bytes: declaredHugeDocx(), reason: messages.zipBomb },
      { name: 'mentirosa.docx', bytes: lyingSizeDocx(), reason: messages.zipBomb },
      { name: 'caminho.docx', bytes: pathTraversalDocx(), reason: messages.zipUnsafePath },
      { name: 'link.docx', bytes: symlinkDocx(), reason: messages.zipSymlink },
      { name: 'itens.docx', bytes: manyEntriesZip(20_000), reason: messages.zipTooManyEntries },
    ];
    const res = await send(cases.map((c) => ({ name: c.name, bytes: c.bytes })));
    expect(res.status).toBe(201);

    const settled = await waitForIngestion(ctx, user, agent.id);
    for (const c of cases) {
      expect(settled.find((f) => f.filename === c.name), c.name).toMatchObject({ status: 'error', error: c.reason, passages: 0 });
    }
    // The server is still healthy and still ingests an ordinary file afterwards.
    expect((await ctx.request('/api/health')).status).toBe(200);
    expect((await send([{ name: 'normal.docx', bytes: docx(['A loja abre às 8h.']) }])).status).toBe(201);
    const after = await waitForIngestion(ctx, user, agent.id);
    expect(after.find((f) => f.filename === 'normal.docx')).toMatchObject({ status: 'ready', passages: 1 });
  });
});

describe('storage', () => {
  it('holds exactly the accepted files, under DATA_DIR/files/{user}/{agent}/, and nothing else anywhere', async () => {
    const rows = await ctx.database.db.select().from(files).where(eq(files.agentId, agent.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.path).toMatch(new RegExp(`^${user.id}/${agent.id}/\\d+-[A-Za-z0-9._-]+$`));

    const dataDir = ctx.config.dataDir;
    const written = walk(dataDir).map((f) => path.relative(dataDir, f).split(path.sep).join('/'));
    // Besides the files, only the outbox's e-mails (the account's welcome, without SMTP_URL: mail/mailer.ts).
    const mails = written.filter((f) => f.startsWith('outbox/'));
    for (const mail of mails) expect(mail).toMatch(/^outbox\/[\w.-]+\.eml$/);
    expect(written.filter((f) => !mails.includes(f)).sort()).toEqual(rows.map((r) => `files/${r.path}`).sort());
    // The names inside the hostile archives were never extracted anywhere.
    for (const target of ['../../etc/cron.d/evil', '../etc/cron.d/evil', 'etc/cron.d/evil', 'word/media/image1.png']) {
      expect(existsSync(path.resolve(dataDir, target)), target).toBe(false);
      expect(existsSync(path.resolve(dataDir, 'files', user.id, agent.id, target)), target).toBe(false);
    }
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
