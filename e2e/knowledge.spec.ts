import AxeBuilder from '@axe-core/playwright';
import type { Agent } from '@atende/shared';
import type { Locator, Page } from '@playwright/test';
import { ask, expect, replies, test } from './fixtures';
import { MIME, PDF_FACT, PRICE_ROW, pdfWithFacts, priceListXlsx } from './fixtures/knowledge-files';

// The e2e server runs in offline mode with no embeddings: lexical retrieval, and
// the offline responder answers by quoting the best passage and naming its source.

async function openKnowledge(page: Page, agent: Agent): Promise<Locator> {
  await page.getByRole('article', { name: agent.name }).getByRole('button', { name: 'Base de Conhecimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Base de Conhecimento' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** pt-BR size as the file list shows it ('1,2 KB'). */
const kilobytes = (bytes: Buffer) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(bytes.length / 1024)} KB`;

const fileRow = (dialog: Locator, filename: string) =>
  dialog.getByRole('list', { name: 'Arquivos enviados' }).getByRole('listitem', { name: filename });

/** Counts the upload requests the page makes (one per file, docs/product.md §4). */
function countUploads(page: Page, agent: Agent) {
  const uploads = { count: 0 };
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === `/api/agents/${agent.id}/files`) uploads.count += 1;
  });
  return uploads;
}

// Files are ingested by background jobs: give each test room on a busy machine.
test.describe.configure({ timeout: 60_000 });

const ABOUT_FACT = 'Aceitamos encomendas de bolos de aniversário com 48 horas de antecedência.';

test('fill the knowledge base, upload a PDF and a price list, and the test chat answers from each', async ({ page, request, merchant }) => {
  const agent = await merchant.signInWithAgent('Padaria Pão Quente');
  const action = page.getByRole('article', { name: agent.name }).getByRole('button', { name: 'Base de Conhecimento' });
  await action.hover();
  await expect(page.getByRole('tooltip', { name: 'Base de Conhecimento' })).toBeVisible();
  const dialog = await openKnowledge(page, agent);

  // Prefilled from sign-up (the company's name), the rest empty; the hint lists the real supported types; no
  // embeddings in e2e, and the UI says so.
  await expect(dialog.getByLabel('Nome da empresa')).toHaveValue('Café da Carla');
  await expect(dialog.getByLabel('Sobre a empresa')).toHaveValue('');
  await expect(dialog.getByLabel('Links')).toHaveValue('');
  await expect(dialog.getByText('Tipos suportados: PDF, TXT, CSV, DOC, DOCX, XLS e XLSX, até 50 MB por arquivo.')).toBeVisible();
  await expect(dialog.getByText(/pelas palavras exatas dos seus arquivos/)).toBeVisible();
  await expect(dialog.getByText('Nenhum arquivo enviado ainda.')).toBeVisible();

  await dialog.getByLabel('Nome da empresa').fill('Padaria Pão Quente');
  await dialog.getByLabel('Sobre a empresa').fill(`Padaria de bairro desde 1998.\n${ABOUT_FACT}`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Base de conhecimento salva com sucesso!')).toBeVisible();

  // Two files chosen at once, sent in two requests, both end 'pronto' with their passages counted.
  const uploads = countUploads(page, agent);
  const pdf = pdfWithFacts();
  const sheet = priceListXlsx();
  await dialog.getByLabel('Enviar Arquivos').setInputFiles([
    { name: 'garantia.pdf', mimeType: MIME.pdf, buffer: pdf },
    { name: 'preços.xlsx', mimeType: MIME.xlsx, buffer: sheet },
  ]);
  for (const [name, bytes] of [['garantia.pdf', pdf], ['preços.xlsx', sheet]] as const) {
    const row = fileRow(dialog, name);
    await expect(row.getByText('pronto', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText(/^\d+ trechos?$/)).toBeVisible();
    await expect(row.getByText(kilobytes(bytes), { exact: true })).toBeVisible();
  }
  expect(uploads.count).toBe(2);
  await expect(dialog.getByRole('list', { name: 'Envios em andamento' })).toHaveCount(0);

  // The download link is the signed URL and returns the very bytes sent.
  const href = await fileRow(dialog, 'garantia.pdf').getByRole('link', { name: 'Baixar garantia.pdf' }).getAttribute('href');
  expect(href).toMatch(/\/files\/[\w-]+\?.*signature=/);
  const download = await request.get(href!);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);

  // Saved: a reload shows the same knowledge base and files.
  await page.reload();
  const reopened = await openKnowledge(page, agent);
  await expect(reopened.getByLabel('Nome da empresa')).toHaveValue('Padaria Pão Quente');
  await expect(reopened.getByLabel('Sobre a empresa')).toHaveValue(`Padaria de bairro desde 1998.\n${ABOUT_FACT}`);
  await expect(fileRow(reopened, 'preços.xlsx').getByText('pronto', { exact: true })).toBeVisible();
  await reopened.getByRole('button', { name: 'Fechar' }).click();
  await expect(reopened).toBeHidden();

  // 'Teste seu Chat' answers from the PDF, the spreadsheet and the about text, naming each source.
  await page.getByRole('article', { name: agent.name }).getByRole('button', { name: 'Chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Teste seu Chat' });
  const log = chat.getByRole('log');
  await ask(chat, 'Qual é a garantia do produto?');
  await expect(replies(log).last()).toContainText(PDF_FACT);
  await expect(replies(log).last()).toContainText('Fonte: garantia.pdf');
  await ask(chat, 'Quanto custa o bolo de fubá?');
  await expect(replies(log).last()).toContainText(`Produto: ${PRICE_ROW.product}`);
  await expect(replies(log).last()).toContainText(`Preço: ${PRICE_ROW.price}`);
  await expect(replies(log).last()).toContainText('Fonte: preços.xlsx');
  await ask(chat, 'Vocês aceitam encomendas de bolos de aniversário?');
  await expect(replies(log).last()).toContainText('48 horas de antecedência');
  await expect(replies(log).last()).toContainText('Fonte: Base de conhecimento');
  await expect(replies(log)).toHaveCount(3);
  await expect(log.getByText(/^Erro:/)).toHaveCount(0);
});

test('an unsupported selection is refused whole, a mislabelled file gets the server reason, and deleting a file forgets it', async ({ page, request, merchant }) => {
  const agent = await merchant.signInWithAgent('Loja de Presentes');
  const dialog = await openKnowledge(page, agent);
  const uploads = countUploads(page, agent);
  const input = dialog.getByLabel('Enviar Arquivos');
  const pdf = pdfWithFacts();

  // One .png in the selection: nothing is sent.
  await input.setInputFiles([
    { name: 'garantia.pdf', mimeType: MIME.pdf, buffer: pdf },
    { name: 'foto.png', mimeType: MIME.png, buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  ]);
  await expect(dialog.getByRole('alert')).toHaveText('Tipos de arquivo não suportados: foto.png');
  expect(uploads.count).toBe(0);
  await expect(dialog.getByText('Nenhum arquivo enviado ainda.')).toBeVisible();

  // Text named .pdf: the server checks the content and says why; the good file of the batch is still stored.
  await input.setInputFiles([
    { name: 'catalogo.pdf', mimeType: MIME.pdf, buffer: Buffer.from('isto não é um PDF de verdade\n') },
    { name: 'garantia.pdf', mimeType: MIME.pdf, buffer: pdf },
  ]);
  await expect(dialog.getByRole('alert')).toContainText('O conteúdo de "catalogo.pdf" não é');
  const row = fileRow(dialog, 'garantia.pdf');
  await expect(row.getByText('pronto', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(uploads.count).toBe(2);
  await expect(fileRow(dialog, 'catalogo.pdf')).toHaveCount(0);
  // The dialog, with a refused upload and a listed file, has no detectable accessibility violation.
  expect((await new AxeBuilder({ page }).include('[role=dialog]').analyze()).violations).toEqual([]);

  // The agent knows the fact until the file is deleted (asked through the public chat endpoint).
  const askAgent = async (message: string) => {
    const res = await request.post(`/webhook/${agent.webhookId}`, { data: { message, sessionId: `e2e-knowledge-${Date.now()}` } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { output: string }).output;
  };
  expect(await askAgent('Qual é a garantia do produto?')).toContain(PDF_FACT);

  // Delete asks for confirmation; cancelling keeps the file.
  await row.getByRole('button', { name: 'Excluir garantia.pdf' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir arquivo?' });
  await expect(confirm).toContainText('garantia.pdf');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Excluir garantia.pdf' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Arquivo excluído com sucesso!')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(dialog.getByText('Nenhum arquivo enviado ainda.')).toBeVisible();
  expect(await askAgent('Qual é a garantia do produto?')).not.toContain(PDF_FACT);
});

test('knowledge base: load and save failures in the red box, the saving state, unreadable links as a warning', async ({ page, merchant }) => {
  const agent = await merchant.signInWithAgent('Agente com Falhas');
  const knowledgeUrl = `**/api/agents/${agent.id}/knowledge`;

  await page.route(knowledgeUrl, (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'Agent not found', userMessage: 'Não encontrado.' } } }),
  );
  const dialog = await openKnowledge(page, agent);
  await expect(dialog.getByRole('alert')).toContainText('Falha ao carregar a base de conhecimento');
  await expect(dialog.getByRole('alert')).toContainText('Não encontrado.');
  await page.unroute(knowledgeUrl);
  await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(dialog.getByLabel('Nome da empresa')).toBeEnabled();

  // While saving, the button says 'Salvando...' and the form is locked; a refusal keeps what was typed.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(knowledgeUrl, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await released;
    await route.fulfill({
      status: 400,
      json: { error: { code: 'VALIDATION_FAILED', message: 'Invalid body', userMessage: 'Use no máximo 200 caracteres' } },
    });
  });
  await dialog.getByLabel('Nome da empresa').fill('Minha Loja');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByRole('button', { name: 'Salvando...' })).toBeDisabled();
  await expect(dialog.getByLabel('Nome da empresa')).toBeDisabled();
  release();
  await expect(dialog.getByRole('alert')).toContainText('Falha ao salvar a base de conhecimento');
  await expect(dialog.getByRole('alert')).toContainText('Use no máximo 200 caracteres');
  await expect(dialog.getByLabel('Nome da empresa')).toHaveValue('Minha Loja');
  await page.unroute(knowledgeUrl);

  // Links are read in the background; one that cannot be read (a loopback address) is the one outcome shown: a
  // warning naming it, and no success toast beside it.
  await dialog.getByLabel('Links').fill('http://127.0.0.1:9/cardapio');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const report = dialog.getByRole('status').filter({ hasText: 'Este link não pôde ser lido:' });
  await expect(report.getByRole('listitem')).toContainText('http://127.0.0.1:9/cardapio');
  await expect(page.getByText('Base de conhecimento salva com sucesso!')).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Lines the reader cannot use are not dropped: each one is listed with its reason, and there is no success toast.
  await dialog.getByLabel('Links').fill('ftp://loja.com.br/x\nhttp://intranet/wiki\nnosso instagram');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const unread = dialog.getByRole('status').filter({ hasText: 'Alguns links não puderam ser lidos:' }).getByRole('listitem');
  await expect(unread).toHaveText([
    'ftp://loja.com.br/x: Apenas links http:// e https:// são lidos.',
    'http://intranet/wiki: Endereço não permitido: links para redes internas não são aceitos.',
    'nosso instagram: Não é um endereço de site: escreva o endereço da página, como www.suaempresa.com.br/cardapio.',
  ]);
  await expect(page.getByText('Base de conhecimento salva com sucesso!')).toHaveCount(0);
});
