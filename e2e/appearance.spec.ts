/**
 * 'Aparência' (issue 15): the owner dresses the agent in the brand's colour, name, logo, welcome and suggested
 * questions, and picks the bubble's side; the public chat, the framed chat and the /widget.js bubble wear it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { expect, replies, test } from './fixtures';

/** A real 2×2 PNG (valid signature, IHDR, IDAT and IEND chunks with their CRCs). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('the owner sets the look; the public chat and the widget wear it', async ({ page, browser, baseURL, merchant }) => {
  test.setTimeout(90_000);
  const agent = await merchant.signInWithAgent('Loja da Carla');
  await page.goto(`/dashboard/agents/${agent.id}/aparencia`);
  const look = page.getByRole('region', { name: 'Aparência' });

  await look.getByLabel('Nome exibido no chat').fill('Carla, da Loja');
  await look.getByLabel('Cor da marca em hexadecimal').fill('#ffd400');
  await look.getByLabel('Mensagem de boas-vindas').fill('Oi! Sou a Carla. Em que posso ajudar?');
  await look.getByLabel('Pergunta sugerida 1').fill('Quanto é 12*7?');
  await look.getByLabel('Pergunta sugerida 2').fill('Vocês entregam?');
  await look.getByLabel('Esquerda').check();
  // The preview follows the form before anything is saved.
  const preview = page.getByRole('complementary', { name: 'Prévia do chat' });
  await expect(preview).toContainText('Carla, da Loja');
  await expect(preview).toContainText('Oi! Sou a Carla.');
  await look.getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByText('Aparência salva!')).toBeVisible();

  await look.getByLabel('Enviar logo ou foto').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByText('Imagem atualizada!')).toBeVisible();
  await expect(look.getByRole('img', { name: 'Logo atual' })).toBeVisible();

  // A bad colour is refused in pt-BR and nothing is lost.
  await look.getByLabel('Cor da marca em hexadecimal').fill('amarelo');
  await look.getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(look.getByText('Escolha uma cor no formato #RRGGBB (por exemplo, #4f46e5)')).toBeVisible();
  await page.reload();
  await expect(look.getByLabel('Cor da marca em hexadecimal')).toHaveValue('#ffd400');
  await expect(look.getByLabel('Pergunta sugerida 2')).toHaveValue('Vocês entregam?');

  // The public chat: name, logo, colour (black text on a light yellow), welcome and suggestions.
  const visitor = await browser.newPage({ baseURL });
  try {
    await visitor.goto(agent.publicChatUrl);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Carla, da Loja' })).toBeVisible();
    const header = visitor.getByRole('banner');
    await expect(header).toHaveCSS('background-color', rgb('#ffd400'));
    await expect(header).toHaveCSS('color', 'rgb(0, 0, 0)');
    await expect(header.locator('img')).toHaveJSProperty('naturalWidth', 2);
    const log = visitor.getByRole('log');
    await expect(log).toContainText('Oi! Sou a Carla. Em que posso ajudar?');
    await log.getByRole('button', { name: 'Quanto é 12*7?' }).click();
    await expect(replies(log).last()).toContainText('84');
    await expect(log.getByRole('list', { name: 'Perguntas sugeridas' })).toHaveCount(0);
  } finally {
    await visitor.close();
  }

  // The widget bubble on a merchant's page: on the left, in the brand's colour.
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja</title></head>
<body><h1>Loja</h1><script src="${baseURL}/widget.js" data-atende-agent="${agent.webhookId}" async></script></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shop = await browser.newPage();
  try {
    await shop.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const launcher = shop.getByRole('button', { name: 'Abrir chat de atendimento' });
    await expect(launcher).toHaveCSS('background-color', rgb('#ffd400'));
    await expect(launcher).toHaveCSS('left', '20px');
    await launcher.click();
    const chat = shop.frameLocator('iframe[title="Chat de atendimento"]');
    await expect(chat.getByRole('heading', { name: 'Carla, da Loja' })).toBeVisible();

    // On a phone the left-hand popup takes the whole screen too, as the right-hand one does.
    await shop.setViewportSize({ width: 390, height: 844 });
    const frame = shop.locator('iframe[title="Chat de atendimento"]');
    await expect.poll(() => frame.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect(shop.getByRole('button', { name: 'Fechar chat', exact: true })).toBeInViewport({ ratio: 1 });
  } finally {
    await shop.close();
    server.close();
  }
});
