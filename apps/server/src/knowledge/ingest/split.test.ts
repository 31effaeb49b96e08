import { describe, expect, it } from 'vitest';
import { CAPITALS_TITLE, splitPassages, splitText } from './split';

describe('splitText', () => {
  it('keeps short text whole', () => {
    expect(splitText('  Olá mundo.  ')).toEqual(['Olá mundo.']);
    expect(splitText('   ')).toEqual([]);
  });

  it('splits long text into chunks of at most ~1000 characters with overlap', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Parágrafo ${i}. ${'Texto de exemplo com várias palavras. '.repeat(5)}`);
    const chunks = splitText(paragraphs.join('\n\n'));
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(1000 + 100);
    // Consecutive chunks share context.
    for (let i = 1; i < chunks.length; i++) {
      const tail = chunks[i - 1]!.slice(-40);
      const overlapWord = tail.split(' ').filter((w) => w.length > 3)[0]!;
      expect(chunks[i]).toContain(overlapWord);
    }
    // Nothing is lost.
    for (let i = 0; i < 30; i++) expect(chunks.some((c) => c.includes(`Parágrafo ${i}.`))).toBe(true);
  });

  it('splits text without separators by characters', () => {
    const chunks = splitText('x'.repeat(2500), 1000, 100);
    expect(chunks.every((c) => c.length <= 1100)).toBe(true);
    expect(chunks.join('').length).toBeGreaterThanOrEqual(2500);
  });

  it('fills a chunk with the sentences of a line that does not fit (a PDF page whose lines are paragraphs)', () => {
    const paragraph = (i: number) => `Parágrafo ${i} começa aqui. ${'Uma frase de exemplo com várias palavras. '.repeat(13)}`.trim();
    const page = Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n');
    const chunks = splitText(page);
    // ~600-character lines: one per chunk would leave each chunk 40% empty; filled, they hold ~1000 characters.
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(page.length / 850));
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThan(750);
      expect(chunk.length).toBeLessThanOrEqual(1100);
      expect(chunk).toMatch(/[.!?]$/); // cut where a sentence ends
    }
    for (let i = 0; i < 12; i++) expect(chunks.some((c) => c.includes(`Parágrafo ${i} começa aqui.`))).toBe(true);
  });

  it('does not cut a paragraph apart by a blank line to fill a chunk', () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Seção ${i}. ${'Texto da seção com várias palavras. '.repeat(16)}`.trim());
    const chunks = splitText(paragraphs.join('\n\n'));
    for (const chunk of chunks) expect(chunk.startsWith('Seção') || /^\S/.test(chunk)).toBe(true);
    for (let i = 0; i < 6; i++) expect(chunks.some((c) => c.includes(paragraphs[i]!))).toBe(true);
  });

  it('a chunk that starts inside a Markdown section opens with the headings above it', () => {
    const items = (region: string, n: number) => Array.from({ length: n }, (_, i) => `- ${region} ${i + 1}: ${i + 2}-${i + 4} dias úteis`).join('\n');
    const text = `# Políticas da Loja\n\n## Prazos de Entrega\n\n### Regiões Metropolitanas\n\n${items('Capital', 30)}\n\n### Demais Regiões\n\n${items('Interior', 30)}\n\n## Formas de Pagamento\n\n- Pix\n- Boleto`;
    const chunks = splitText(text, 400, 50);
    expect(chunks.length).toBeGreaterThan(3);
    const interior = chunks.find((c) => c.includes('- Interior 20:'))!;
    expect(interior.startsWith('# Políticas da Loja\n## Prazos de Entrega\n### Demais Regiões\n\n')).toBe(true);
    // The last chunk goes on into the next section, whose own heading follows: the answerer reads the outline as it goes.
    expect(chunks.at(-1)!.endsWith('## Formas de Pagamento\n\n- Pix\n- Boleto')).toBe(true);
    // Text without Markdown headings is split as before.
    expect(splitText(text.replace(/^#+ /gm, ''), 400, 50).every((c) => !c.startsWith('#'))).toBe(true);
  });

  it("a chunk that starts among a title in capitals' blocks (a menu's dish) opens with it, never twice", () => {
    const dish = (name: string) => `${name}\n\nMussarela, ${name.toLowerCase()}, molho de tomate e orégano.\n\nBroto 25,00 / Média 38,00 / Grande 48,00`;
    const text = ['Nosso Cardápio', ...['ALICHE', 'ATUM', 'BAIANA', 'CALABRESA', 'CARIOCA', 'MARGUERITA', 'PORTUGUESA', 'TOSCANA'].map(dish)].join('\n\n');
    const chunks = splitText(text, 300, 60);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(1)) {
      const first = chunk.split('\n')[0]!;
      expect(first, chunk).toMatch(/^[A-Z]+$/);
      // The title the chunk opens with is the one its first lines are under, said once.
      expect(chunk.split(first).length - 1, chunk).toBe(1);
    }
  });

  it('a chunk does not end with a title whose lines are in the next chunk (a PDF menu\'s "Pizzas" after the last sandwich)', () => {
    const sections = ['lanches', 'Pizzas', 'sobremesas', 'bebidas', 'café da manhã', 'porções'];
    const text = sections.map((s, i) => [s, ...Array.from({ length: 4 }, (_, j) => `Item ${i}.${j} (queijo e presunto)........R$ ${10 + j},00`)].join('\n')).join('\n');
    for (const size of [180, 250, 320]) {
      const chunks = splitText(text, size, 60);
      expect(chunks.length).toBeGreaterThan(3);
      for (const chunk of chunks) expect(sections.includes(chunk.split('\n').at(-1)!), chunk).toBe(false);
      for (const [i, s] of sections.entries()) expect(chunks.some((c) => c.includes(`${s}\nItem ${i}.0`)), s).toBe(true);
    }
  });

  it("the overlap carried into the next chunk starts at a line when it holds one, not inside a cut sentence", () => {
    const answers = Array.from({ length: 12 }, (_, i) => `### Pergunta ${i + 1}?\nResposta número ${i + 1}, com um texto que explica tudo o que foi perguntado aqui.`).join('\n\n');
    const chunks = splitText(answers, 400, 100);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) for (const line of chunk.split('\n').filter(Boolean)) expect(line, chunk).toMatch(/^(### Pergunta|Resposta número)/);
  });

  it('splitPassages gives the passages one by one, as they are cut: those of splitText', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Linha ${i}. ${'Uma frase qualquer do manual do cliente. '.repeat(8)}`).join('\n');
    const passages = splitPassages(text);
    expect(Array.isArray(passages)).toBe(false);
    const first = passages.next().value;
    expect(first).toBe(splitText(text)[0]);
    expect([first, ...passages]).toEqual(splitText(text));
  });
});

describe('CAPITALS_TITLE', () => {
  it('is a line of 3 to 60 characters in capitals, digits and a few signs, with three capitals', () => {
    for (const title of ['CALABRESA', 'FRANGO À BRASILEIRA', 'BEBIDAS', 'X-TUDO', 'ABC', '2 PIZZAS (G)', `A${'B'.repeat(59)}`]) expect(CAPITALS_TITLE.test(title), title).toBe(true);
    for (const line of ['AB', 'AB 1', '12 DE', 'Pizzas', 'CALABRESA\nMUSSARELA', ' BEBIDAS', `A${'B'.repeat(60)}`, `PROMOÇÃO DE NATAL com ${'texto '.repeat(80)}`]) expect(CAPITALS_TITLE.test(line), line).toBe(false);
  });
});
