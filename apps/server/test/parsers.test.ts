import { readFileSync } from 'node:fs';
import { inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFileType } from '../src/knowledge/parsers/detect';
import { messages, ParseError } from '../src/knowledge/parsers/errors';
import { parseDocumentSync } from '../src/knowledge/parsers/parse';
import { dayLabel } from '../src/knowledge/parsers/days';
import { composeSpacingAccents } from '../src/knowledge/parsers/pdf';
import { hasHeaderRow } from '../src/knowledge/parsers/table';
import { tableToPassages } from '../src/knowledge/parsers/rows';
import { parseFile, readPassages } from '../src/knowledge/parsers/run';
import { toBrazilianNumber } from '../src/knowledge/parsers/sheet';
import { decodeText } from '../src/knowledge/parsers/text';
import { type FileKind, type ParsedDocument, type Sheet } from '../src/knowledge/parsers/types';
import { checkZipBomb } from '../src/knowledge/parsers/zip-guard';
import { PASSAGE_BATCH, tsvectorFields, type PreparedPassages } from '../src/knowledge/ingest/prepare';
import { splitText } from '../src/knowledge/ingest/split';
import * as F from './fixtures/generate';

const MB = 1024 * 1024;

/** Real files from other projects' public test suites (sources and licences: fixtures/public/README.md). */
const publicFixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/public/${name}`, import.meta.url)));

function asText(doc: ParsedDocument): string {
  if (doc.kind !== 'text') throw new Error(`expected text, got ${doc.kind}`);
  return doc.text;
}

function asSheets(doc: ParsedDocument): Sheet[] {
  if (doc.kind !== 'table') throw new Error(`expected table, got ${doc.kind}`);
  return doc.sheets;
}

/** Resolves to the ParseError a promise (or function) rejects with; fails if it resolves or throws anything else. */
async function parseErrorOf(work: Promise<unknown> | (() => unknown)): Promise<ParseError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error('expected a ParseError, but it succeeded');
}

const PRICE_ROWS = [
  ['Pão de queijo', 'R$ 4,50', '120'],
  ['Café coado', 'R$ 6,00', '80'],
  ['Bolo de cenoura', 'R$ 25,00', '12'],
  ['Coxinha de frango', 'R$ 7,25', '1.534'],
];

describe('fixtures', () => {
  it('the zip-bomb generator writes a real DEFLATE stream of zeros', () => {
    const zeros = F.deflatedZeros(1000);
    const out = inflateSync(zeros.data);
    expect(out.length).toBe(zeros.size);
    expect(out.length).toBe(1 + 258 * 1000);
    expect(out.every((b) => b === 0)).toBe(true);
    // ~158:1, the fixed-Huffman ceiling.
    expect(zeros.size / zeros.data.length).toBeGreaterThan(150);
  });
});

describe('detectFileType', () => {
  const good: Array<[string, () => Uint8Array, FileKind, string]> = [
    ['catalogo.pdf', F.textPdf, 'pdf', 'application/pdf'],
    ['digitalizado.PDF', F.scannedPdf, 'pdf', 'application/pdf'],
    ['faq.docx', () => F.docx(), 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['trocas.doc', () => F.doc(), 'doc', 'application/msword'],
    ['Preços.XLSX', () => F.xlsx(), 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['precos.xls', () => F.xls(), 'xls', 'application/vnd.ms-excel'],
    ['precos.csv', F.csvUtf8, 'csv', 'text/csv'],
    ['precos-ansi.csv', F.csvWindows1252, 'csv', 'text/csv'],
    ['leia.txt', F.txtUtf8, 'txt', 'text/plain'],
    ['ansi.txt', F.txtWindows1252, 'txt', 'text/plain'],
    ['unicode.txt', F.txtUtf16, 'txt', 'text/plain'],
  ];
  it.each(good)('accepts %s', (filename, make, kind, mime) => {
    expect(detectFileType({ bytes: make(), filename })).toEqual({ ok: true, kind, mime });
  });

  it('stores CSV as text/csv whatever the browser declared', () => {
    expect(detectFileType({ bytes: F.csvUtf8(), filename: 'a.csv', declaredMime: 'application/vnd.ms-excel' })).toEqual({
      ok: true,
      kind: 'csv',
      mime: 'text/csv',
    });
  });

  it('refuses extensions outside pdf, txt, csv, doc, docx, xls, xlsx', () => {
    for (const filename of ['foto.png', 'planilha.xlsm', 'sem-extensao', 'script.exe']) {
      const r = detectFileType({ bytes: F.txtUtf8(), filename });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^Tipo de arquivo não suportado: ".+"\. Envie arquivos PDF, TXT, CSV, DOC, DOCX, XLS ou XLSX\.$/);
    }
  });

  it('refuses an empty file', () => {
    expect(detectFileType({ bytes: new Uint8Array(0), filename: 'vazio.txt' })).toEqual({
      ok: false,
      reason: 'O arquivo "vazio.txt" está vazio.',
    });
  });

  const bad: Array<[string, () => Uint8Array, string, RegExp]> = [
    ['a PNG renamed .pdf', F.png, 'x.pdf', /^O conteúdo de "x\.pdf" não é um PDF válido\. Ele parece ser uma imagem\.$/],
    ['an EXE renamed .docx', F.exe, 'x.docx', /^O conteúdo de "x\.docx" não é um documento do Word \(DOCX\) válido\. Ele parece ser um programa executável\.$/],
    ['a plain zip renamed .docx', F.plainZip, 'x.docx', /^O conteúdo de "x\.docx" não é um documento do Word \(DOCX\) válido\.$/],
    ['a plain zip renamed .xlsx', F.plainZip, 'x.xlsx', /não é uma planilha do Excel \(XLSX\) válida/],
    ['an XLSX renamed .docx', () => F.xlsx(), 'x.docx', /Ele parece ser uma planilha do Excel \(XLSX\): corrija a extensão para \.xlsx/],
    ['a DOC renamed .xls', () => F.doc(), 'x.xls', /não é uma planilha do Excel \(XLS\) válida\. Ele parece ser um documento do Word \(DOC\)/],
    ['an XLS renamed .doc', () => F.xls(), 'x.doc', /não é um documento do Word \(DOC\) válido\. Ele parece ser uma planilha do Excel \(XLS\)/],
    ['a PDF renamed .docx', F.textPdf, 'x.docx', /Ele parece ser um PDF/],
    ['a PNG renamed .csv', F.png, 'x.csv', /^O conteúdo de "x\.csv" não é um arquivo CSV \(texto\) válido\. Ele parece ser uma imagem\.$/],
    ['an EXE renamed .txt', F.exe, 'x.txt', /não é um arquivo de texto válido/],
    ['a DOCX renamed .txt', () => F.docx(), 'x.txt', /corrija a extensão para \.docx/],
    ['garbage renamed .doc', () => F.malformedPdf().subarray(9), 'x.doc', /^O conteúdo de "x\.doc" não é um documento do Word \(DOC\) válido\.$/],
    ['a corrupt OLE header renamed .xls', () => F.xls().subarray(0, 600), 'x.xls', /não é uma planilha do Excel \(XLS\) válida/],
  ];
  it.each(bad)('refuses %s', (_what, make, filename, reason) => {
    const r = detectFileType({ bytes: make(), filename });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('refuses a password-protected Office file with a reason the merchant can act on', () => {
    const r = detectFileType({ bytes: F.encryptedOoxml(), filename: 'senha.xlsx' });
    expect(r).toEqual({ ok: false, reason: `"senha.xlsx": ${messages.encrypted}` });
  });

  it('accepts a PDF with bytes before its header (tolerated by every reader)', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x0a, ...F.textPdf()]);
    expect(detectFileType({ bytes, filename: 'a.pdf' }).ok).toBe(true);
  });

  it('a text file that mentions "%PDF-" is still text', () => {
    const bytes = new TextEncoder().encode('Dica: arquivos que começam com %PDF-1.7 são PDFs.\n');
    expect(detectFileType({ bytes, filename: 'dica.txt' })).toMatchObject({ ok: true, kind: 'txt' });
  });

  it('only reads the zip directory: a 300 MB bomb is typed (as a DOCX) in milliseconds, and refused later by the guard', () => {
    const { bytes } = F.zipBombDocx();
    const t = performance.now();
    expect(detectFileType({ bytes, filename: 'bomba.docx' })).toMatchObject({ ok: true, kind: 'docx' });
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe('checkZipBomb', () => {
  it('lets ordinary DOCX and XLSX through, returning their entries', () => {
    expect(checkZipBomb(F.docx()).map((e) => e.name)).toContain('word/document.xml');
    expect(checkZipBomb(F.xlsx()).map((e) => e.name)).toContain('xl/workbook.xml');
  });

  it('refuses a real 300 MB bomb by its declared total, without inflating it', async () => {
    const { bytes, declared } = F.zipBombDocx();
    expect(declared).toBeGreaterThanOrEqual(300 * MB);
    expect(bytes.length).toBeLessThan(3 * MB);
    const err = await parseErrorOf(() => checkZipBomb(bytes));
    expect(err.message).toBe(messages.zipBomb);
    expect(err.detail).toMatch(/declared uncompressed total/);
  });

  it('refuses a small zip whose directory declares 1 GB', () => {
    expect(() => checkZipBomb(F.declaredHugeDocx())).toThrow(messages.zipBomb);
  });

  it('refuses an entry with an extreme compression ratio even under the total cap', async () => {
    const bytes = F.declaredHugeDocx(50 * MB);
    const err = await parseErrorOf(() => checkZipBomb(bytes));
    expect(err.message).toBe(messages.zipBomb);
    expect(err.detail).toMatch(/ratio \d+ > 200/);
    // The same archive passes when ratios are not checked: it really is the ratio rule.
    expect(() => checkZipBomb(bytes, { maxRatio: Number.POSITIVE_INFINITY })).not.toThrow();
  });

  it('reads ZIP64 sizes: a 5 GB declaration is refused, an honest ZIP64 archive passes', () => {
    expect(() => checkZipBomb(F.zip64Docx())).toThrow(messages.zipBomb);
    const entries = checkZipBomb(F.zip64Docx(13));
    expect(entries.map((e) => [e.name, e.uncompressedSize])).toContainEqual(['word/document.xml', 13]);
    expect(detectFileType({ bytes: F.zip64Docx(), filename: 'a.docx' }).ok).toBe(true);
  });

  it('refuses path traversal and symlinks', () => {
    expect(() => checkZipBomb(F.pathTraversalDocx())).toThrow(messages.zipUnsafePath);
    expect(() => checkZipBomb(F.symlinkDocx())).toThrow(messages.zipSymlink);
  });

  it('refuses too many entries before reading them', () => {
    const bytes = F.manyEntriesZip(10_000); // + word/document.xml = 10,001
    expect(() => checkZipBomb(bytes)).toThrow(messages.zipTooManyEntries);
    expect(() => checkZipBomb(bytes, { maxEntries: 20_000 })).not.toThrow();
  });

  it('refuses a broken archive as corrupt', () => {
    expect(() => checkZipBomb(F.docx().subarray(0, 200))).toThrow(messages.zipCorrupt);
  });
});

describe('parseDocumentSync (in-thread parsers)', () => {
  it('PDF: text of every page, accents preserved, page count', async () => {
    const doc = await parseDocumentSync(F.textPdf(), 'pdf');
    expect(doc).toMatchObject({ kind: 'text', pages: 2 });
    const text = asText(doc);
    expect(text).toContain(F.FACTS.pdfPage1);
    expect(text).toContain(F.FACTS.pdfPage2);
    expect(text.indexOf(F.FACTS.pdfPage1)).toBeLessThan(text.indexOf(F.FACTS.pdfPage2));
  });

  it('PDF: lines wrapped by the layout are joined into their sentence; headings, lists and short lines keep their breaks', async () => {
    const [terms] = asText(await parseDocumentSync(F.layoutPdf(), 'pdf')).split('\n\nCardápio');
    expect(terms).toBe(
      [
        'Política de trocas',
        // The next line starts in lower case: the CNPJ number stays in its sentence.
        'A Padaria Pão Quente Ltda., inscrita no CNPJ sob nº 12.345.678/0001-90, troca produtos em até 7 dias.',
        'Trocas só com a nota fiscal.',
        // A line as wide as the paragraph: "Maria" did not fit on it.
        'Para trocar um produto, traga o cupom e o produto na embalagem original, ou fale com Maria pelo WhatsApp.',
        'Formas de pagamento:',
        '• Pix',
        '• Cartão de crédito',
        'Equipe Pão Quente',
        'Atualizado em março de 2025',
      ].join('\n'),
    );
  });

  it('PDF: text is read in the order it is seen, line by line, with a space between runs that stand apart', async () => {
    // The menu page draws its prices first and its title last.
    expect(asText(await parseDocumentSync(F.layoutPdf(), 'pdf'))).toMatch(
      /\n\nCardápio\nMarmita de frango R\$ 22,00\nMarmita de carne R\$ 20,00\nTotal 430g$/,
    );
  });

  it('PDF in two columns: each column is read top to bottom, left before right, under the title across the page', async () => {
    const [leaflet, menu] = asText(await parseDocumentSync(F.columnsPdf(), 'pdf')).split('\n\n');
    expect(leaflet).toBe(
      [
        'Nossa história: três gerações de padeiros no centro da cidade',
        // The left column's last sentence goes on at the top of the right column.
        'A Padaria Pão Quente nasceu em 1998, numa pequena loja da Rua das Flores, com um forno a lenha e duas receitas da avó Maria. ' +
          'Hoje são três lojas e mais de quarenta funcionários, todos treinados na nossa escola de padeiros.',
        'Fazemos pão todos os dias às 5h da manhã, sem conservantes. Encomendas de bolos e salgados devem ser feitas com dois dias de antecedência.',
      ].join('\n'),
    );
    // Prices right of their dishes, six rows: a table, each row one line.
    expect(menu).toBe(
      [
        'Cardápio da semana',
        'Marmita de frango grelhado com arroz e feijão R$ 22,00',
        'Marmita de carne de panela com purê de batata R$ 24,00',
        'Feijoada completa com couve, farofa e laranja R$ 32,00',
        'Lasanha de berinjela com molho de tomate caseiro R$ 26,50',
        'Salada de folhas verdes com frango desfiado R$ 19,90',
        'Sopa de legumes da estação com pão de queijo R$ 18,00',
      ].join('\n'),
    );
  });

  it('PDF: a sentence cut by a page break goes on; running headers, footers and page numbers are not glued into it', async () => {
    expect(asText(await parseDocumentSync(F.pageBreakPdf(), 'pdf'))).toBe(
      [
        // The shop's name heads every page: said where it first appears.
        'Padaria Pão Quente Ltda.',
        'Política de trocas',
        // Page 1 ends in mid-sentence and page 2 goes on in lower case: one paragraph, without 'Página 1 de 3',
        // the footer or page 2's header between its halves.
        'A Padaria Pão Quente troca os produtos com defeito em até 7 dias corridos, contados da data da compra, desde que o cliente ' +
          'apresente a nota fiscal e o produto esteja na embalagem original. Produtos sem a nota fiscal só podem ser trocados com o ' +
          'cupom do cartão de crédito usado na compra, no mesmo prazo de 7 dias, em qualquer das lojas.',
        'Bolos e tortas sob encomenda não são trocados depois de retirados pelo cliente na loja.',
        // Page 2 ends a sentence: page 3 is a paragraph of its own.
        '',
        'Reembolso',
        'O reembolso é feito pela mesma forma de pagamento usada na compra, em até 10 dias.',
        // The footer on every page is said once, after the last; the page numbers are gone.
        '',
        'Padaria Pão Quente · contato@paoquente.com.br · (11) 4002-8922',
      ].join('\n'),
    );
    // A short last line (a heading, not a wrapped line) is not carried into the next page, even in lower case;
    // a page number alone is dropped.
    const lines = (texts: string[], n: number) =>
      F.placedStream([...texts.map((text, i): F.PlacedRun => [72, 750 - 15 * i, text]), [290, 40, `- ${n} -`, 9]]);
    const wide = 'Entregamos em todos os bairros da cidade de segunda a sábado, das 8h às 18h,';
    const pdf = F.buildPdf([
      lines([wide, 'com taxa fixa de R$ 8,00 por pedido, qualquer que seja o tamanho dele.', 'Formas de pagamento'], 1),
      lines(['pix, cartão de crédito ou dinheiro na entrega.', wide, 'exceto feriados.'], 2),
    ]);
    expect(asText(await parseDocumentSync(pdf, 'pdf'))).toBe(
      `${wide} com taxa fixa de R$ 8,00 por pedido, qualquer que seja o tamanho dele.\nFormas de pagamento\n\npix, cartão de crédito ou dinheiro na entrega.\n${wide} exceto feriados.`,
    );
  });

  it('PDF: page numbers at the foot of every page are dropped (pdf.js test suite)', async () => {
    // basicapi.pdf: three pages, each with 'page N / 3' at its foot.
    const text = asText(await parseDocumentSync(publicFixture('basicapi.pdf'), 'pdf'));
    expect(text).not.toMatch(/page \d \/ 3/);
    expect(text.split('\n\n').slice(1)).toEqual(['Chapter 1', 'Paragraph 1.1\nPowered by TCPDF (www.tcpdf.org)']);
  });

  it('PDF without a text layer fails with the scanned-PDF reason', async () => {
    expect((await parseErrorOf(parseDocumentSync(F.scannedPdf(), 'pdf'))).message).toBe(
      'O PDF não tem texto selecionável (parece ser digitalizado). Envie uma versão com texto.',
    );
  });

  it('PDF whose attachment alone is encrypted: the pages are read (pdf.js test suite)', async () => {
    expect(await parseDocumentSync(publicFixture('encrypted-attachment.pdf'), 'pdf')).toEqual({
      kind: 'text',
      text: 'Example',
      pages: 1,
      notices: [messages.pdfEncryptedAttachments],
    });
  });

  it('PDF in vertical Japanese without a ToUnicode map is read through the character maps (pdf.js test suite)', async () => {
    expect(asText(await parseDocumentSync(publicFixture('vertical.pdf'), 'pdf'))).toBe('あいうえお\n日本語');
  });

  it('PDF that is only a form: its field values are read, an all-blank one says so instead of "digitalizado"', async () => {
    // resetform.pdf (pdf.js test suite): no text, empty text fields, two choice fields with a selected value.
    expect(asText(await parseDocumentSync(publicFixture('resetform.pdf'), 'pdf'))).toBe('Dropdown12: a\nList Box13: d');
    expect((await parseErrorOf(parseDocumentSync(F.blankFormPdf(), 'pdf'))).message).toBe(messages.pdfEmptyForm);
    expect(asText(await parseDocumentSync(F.blankFormPdf('Horário: das 8h às 18h'), 'pdf'))).toBe('Aviso: Horário: das 8h às 18h');
  });

  it('PDF from LaTeX: spacing accents are joined to their letters', async () => {
    const text = asText(await parseDocumentSync(F.buildPdf([F.textStream(['O aluno prote\u00b4ge\u00b4 da informac\u00b8a\u02dco'])]), 'pdf'));
    expect(text).toBe('O aluno protégé da informação');
    expect(composeSpacingAccents('Luı\u00b4s, pa\u00b4gina, prot\u00b4eg\u00b4e, p\u00e3o')).toBe('Luís, página, protégé, pão');
    // Not next to a letter that takes it: left alone.
    expect(composeSpacingAccents('use `npm` e x\u00b4')).toBe('use `npm` e x\u00b4');
  });

  it('malformed PDF fails with the corrupt-PDF reason', async () => {
    expect((await parseErrorOf(parseDocumentSync(F.malformedPdf(), 'pdf'))).message).toBe(
      'Não foi possível ler o PDF: arquivo corrompido ou inválido.',
    );
  });

  it('DOCX: every paragraph', async () => {
    const text = asText(await parseDocumentSync(F.docx(), 'docx'));
    for (const p of F.FACTS.docx) expect(text).toContain(p);
  });

  it('DOCX: footnotes and endnotes are kept after the body (public mammoth.js test documents)', async () => {
    for (const file of ['footnotes.docx', 'endnotes.docx']) {
      expect(asText(await parseDocumentSync(publicFixture(file), 'docx'))).toBe('Ouch.\n\nA tachyon walks into a bar.\n\nFin.');
    }
  });

  it('DOC (Word 97): both the 8-bit and the UTF-16 pieces, characters kept as written', async () => {
    const text = asText(await parseDocumentSync(F.doc(), 'doc'));
    expect(text).toBe(F.FACTS.doc.join('\n'));
  });

  it('DOC (Word 97): a table is read row by row, as the same document saved as DOCX is (public word-extractor test documents)', async () => {
    const both = async (name: string) => [
      asText(await parseDocumentSync(publicFixture(`word-extractor-${name}.doc`), 'doc')),
      asText(await parseDocumentSync(publicFixture(`word-extractor-${name}.docx`), 'docx')),
    ];
    // A table with an empty cell, between two paragraphs.
    const [doc, docx] = await both('test12');
    expect(doc).toBe(docx);
    expect(doc).toBe('This is a simple paragraph\n\nRow 1, cell 1: Row 2, cell 1\nRow 1, cell 3: Row 2, cell 3\n\nAnd a second paragraph');
    // Licences compared across six columns: each row keeps every value with its column.
    const [licences, licencesDocx] = await both('test03');
    expect(licences).toBe(licencesDocx);
    expect(licences).toContain('License: Can You Release Commercial Works?\nGPL v3.0: Yes, but ALL source code must be distributed under GPL (viral).\nLGPL v3.0: Yes\nBSD: Yes');
    // A cell of two lines stays in its row (the paragraph after the table differs: Word 97 text has no blank lines).
    const [form, formDocx] = await both('test06');
    const row = 'Nom: Méthode(s)\nDocument1: public Boolean evaluate( ) throw Exception; (méthode où se trouve toute la logique).';
    expect(form).toContain(row);
    expect(formDocx).toContain(row);
  });

  it('DOCX: a table is read row by row, each value with its column, as a spreadsheet is; text around it as before', async () => {
    const text = asText(await parseDocumentSync(F.docxMenuTable(), 'docx'));
    expect(text).toBe(
      [
        'Cardápio da semana',
        'Refeição: Almoço\nSegunda-feira: Arroz, feijão; Frango assado\nTerça-feira: Peixe grelhado',
        // Merged down: the meal names its second row too; the repeated header row is not a record.
        'Refeição: Almoço\nSegunda-feira: Salada de alface\nTerça-feira: Salada de tomate',
        // Merged across: the dish is both days'.
        'Refeição: Jantar\nSegunda-feira: Sopa de legumes\nTerça-feira: Sopa de legumes',
        'Pedidos até as 10h.',
        // A one-column table is a box of text: its cells stay paragraphs.
        'Pedidos pelo WhatsApp.',
        'Entregamos no bairro.',
      ].join('\n\n'),
    );
    // Each row is a passage piece of its own: the splitter cuts at blank lines first.
    expect(splitText(text, 120, 0)).toContain('Refeição: Almoço\nSegunda-feira: Salada de alface\nTerça-feira: Salada de tomate');
  });

  it('DOCX: rows under a row that only names a day carry that day; a note across the foot of the table does not', async () => {
    const text = asText(await parseDocumentSync(F.docxDayHeadingMenu(), 'docx'));
    expect(text).toBe(
      [
        'Cardápio do almoço',
        // The first row names a day, not the columns: they stay unnamed, and the day leads each row under it.
        'Dia: Segunda-feira 03/03\nColuna 1: Almoço\nColuna 2: Arroz, feijão; Frango grelhado',
        'Dia: Segunda-feira 03/03\nColuna 1: Sobremesa\nColuna 2: Pudim de leite',
        'Dia: Terça-feira 04/03\nColuna 1: Almoço\nColuna 2: Macarrão à bolonhesa',
        'Dia: Terça-feira 04/03\nColuna 1: Sobremesa\nColuna 2: Gelatina',
        'Coluna 1: Cardápio sujeito a alterações.',
      ].join('\n\n'),
    );
  });

  it('DOCX: a row of dates under a header of weekdays names the columns of the rows below it (a daycare\'s real menu, aleodoni/canto_cardapio)', async () => {
    const text = asText(await parseDocumentSync(F.docxDateRowMenu(), 'docx'));
    expect(text).toBe(
      [
        'Cardápio de outubro',
        'Refeição: Almoço; 11H\nSegunda-feira 01/10: Arroz, feijão; Ovos mexidos\nTerça-feira 02/10: Frango ao sugo\nQuarta-feira 03/10: Carne de panela',
        'Refeição: Sopa; 17H\nSegunda-feira 01/10: Sopa de feijão\nTerça-feira 02/10: Sopa de frango\nQuarta-feira 03/10: Sopa de lentilha',
        // The second week's row of dates renames the columns again; the repeated header is skipped as before.
        'Refeição: Almoço; 11H\nSegunda-feira 08/10: Lasanha à bolonhesa\nTerça-feira 09/10: Iscas de frango\nQuarta-feira 10/10: Peixe assado',
      ].join('\n\n'),
    );
  });

  it('DOC from Word 6/95 (older FIB) fails with an actionable reason', async () => {
    expect((await parseErrorOf(parseDocumentSync(F.doc(undefined, { nFib: 0x65 }), 'doc'))).message).toBe(messages.wordTooOld);
  });

  it('DOC that is not a Word document fails cleanly', async () => {
    expect((await parseErrorOf(parseDocumentSync(F.xls(), 'doc'))).message).toBe(messages.wordCorrupt);
  });

  for (const kind of ['xlsx', 'xls'] as const) {
    it(`${kind.toUpperCase()}: every non-empty sheet, values as a Brazilian Excel displays them`, async () => {
      const sheets = asSheets(await parseDocumentSync(kind === 'xlsx' ? F.xlsx() : F.xls(), kind));
      expect(sheets.map((s) => s.name)).toEqual(['Preços', 'Promoções']);
      expect(sheets[0]).toEqual({ name: 'Preços', header: ['Produto', 'Preço', 'Estoque'], rows: PRICE_ROWS });
      expect(sheets[1]).toEqual({
        name: 'Promoções',
        header: ['Promoção', 'Válida até', 'Ativa'],
        rows: [['Combo café + pão de queijo', '31/12/2025', 'VERDADEIRO']],
      });
    });
  }

  for (const kind of ['xlsx', 'xls'] as const) {
    it(`${kind.toUpperCase()}: a merged cell's value reaches every row and column it covers; a merged header is one row`, async () => {
      const wb = F.mergedMenuWorkbook();
      const sheets = asSheets(await parseDocumentSync(kind === 'xlsx' ? F.xlsx(wb) : F.xls(wb), kind));
      expect(sheets).toEqual([
        {
          name: 'Cardápio',
          header: ['Categoria', 'Item', 'Preço P', 'Preço G'],
          rows: [
            ['LANCHES', 'X-Salada', '30', '34'],
            ['LANCHES', 'X-Bacon', '26', '30'],
            ['LANCHES', 'X-Egg', '25', '29'],
            ['ADICIONAIS', 'Cheddar', '3', '3'],
            ['ADICIONAIS', 'Bacon', '4', '5'],
            // A note merged over the whole width is said once, not once per column.
            ['Preços em reais, válidos em outubro', '', '', ''],
          ],
        },
      ]);
      expect(tableToPassages(sheets)[0]).toContain('Categoria: ADICIONAIS\nItem: Cheddar\nPreço P: 3\nPreço G: 3');
    });
  }

  for (const kind of ['xlsx', 'xls'] as const) {
    it(`${kind.toUpperCase()}: week headings and rows of dates across the columns name the meals under them (a state school's real menu, HiSidney/projetoAlimentacaoEscolar)`, async () => {
      const wb = F.dateRowsWorkbook();
      const [sheet] = asSheets(await parseDocumentSync(kind === 'xlsx' ? F.xlsx(wb) : F.xls(wb), kind));
      const week1 = ['Semana', 'coluna 1', 'segunda 22/01/2024', '3º FEIRA 23/01/2024', '4º FEIRA 24/01/2024'];
      const week5 = ['Semana', 'coluna 1', '29/01/2024', '30/01/2024', '31/01/2024'];
      expect(sheet).toEqual({
        name: 'Anexo II',
        header: ['Semana', 'coluna 1', 'teste coluna 2', 'Coluna 3', 'Coluna 4'],
        rows: [
          ['', 'Cardápio Janeiro/2024', '', '', ''],
          ['1º SEMANA', 'ALMOÇO', 'Omelete com queijo', 'Carne de panela com batatas', 'Feijoadinha'],
          ['1º SEMANA', 'ALMOÇO', 'Salada de acelga', 'Alface mimosa', 'Couve refogada'],
          ['1º SEMANA', 'LANCHE TARDE', 'Suco de manga', 'Pão de queijo', 'Maçã'],
          ['5º SEMANA', 'ALMOÇO', 'Isca de frango empanada', 'Pernil assado', 'Frango ao molho ferrugem'],
        ],
        columns: [undefined, week1, week1, week1, week5],
      });
      expect(tableToPassages([sheet!])[0]).toContain(
        'Semana: 5º SEMANA\ncoluna 1: ALMOÇO\n29/01/2024: Isca de frango empanada\n30/01/2024: Pernil assado\n31/01/2024: Frango ao molho ferrugem',
      );
    });
  }

  it('CSV: rows that only name a day head the rows under them; dates that are data stay data', async () => {
    expect(tableToPassages(asSheets(await parseDocumentSync(F.dayHeadingCsv(), 'csv')))).toEqual([
      [
        'Dia: Segunda-feira 03/03\nRefeição: Almoço\nPrato: Arroz, feijão e frango grelhado\nPreço: R$ 22,00',
        'Dia: Segunda-feira 03/03\nRefeição: Sobremesa\nPrato: Pudim de leite\nPreço: R$ 6,00',
        'Dia: Terça-feira 04/03\nRefeição: Almoço\nPrato: Macarrão à bolonhesa\nPreço: R$ 24,00',
      ].join('\n\n'),
    ]);
    // Dates of arrival and departure on every row are records, not the days of the columns.
    const bookings = new TextEncoder().encode('Hóspede;Entrada;Saída\nAna;03/03;05/03\nBia;04/03;06/03\n');
    expect(asSheets(await parseDocumentSync(bookings, 'csv'))).toEqual([
      { name: 'CSV', header: ['Hóspede', 'Entrada', 'Saída'], rows: [['Ana', '03/03', '05/03'], ['Bia', '04/03', '06/03']] },
    ]);
    expect(['Segunda-feira 03/03', '03/03/2025', '3º FEIRA', 'Terça – 19.05.26', 'Quinta-feira (dia 06/03)', '1ª semana'].map(dayLabel)).toEqual([
      'day', 'day', 'day', 'day', 'day', 'week',
    ]);
    expect(['Almoço', 'Atualizado em 03/03', 'R$ 22,00', 'Sexta de promoção', '10 kg'].map(dayLabel)).toEqual([null, null, null, null, null]);
  });

  it('CSV with ";" in UTF-8 and in Windows-1252: same rows, quoted delimiter kept, blank lines skipped', async () => {
    for (const bytes of [F.csvUtf8(), F.csvWindows1252()]) {
      const [sheet] = asSheets(await parseDocumentSync(bytes, 'csv'));
      expect(sheet!.header).toEqual(['Produto', 'Preço', 'Estoque']);
      expect(sheet!.rows).toEqual([
        ...PRICE_ROWS.map((r) => (r[0] === 'Coxinha de frango' ? [r[0], r[1], '1534'] : r)),
        ['Pão de batata; recheado', 'R$ 8,00', '30'],
      ]);
    }
  });

  it('CSV delimiter is guessed among "," ";" and tab', async () => {
    for (const sep of [',', '\t']) {
      const bytes = new TextEncoder().encode(`Serviço${sep}Valor\nCorte${sep}R$ 50\nEscova${sep}R$ 40\n`);
      expect(asSheets(await parseDocumentSync(bytes, 'csv'))[0]).toMatchObject({
        header: ['Serviço', 'Valor'],
        rows: [['Corte', 'R$ 50'], ['Escova', 'R$ 40']],
      });
    }
  });

  it('CSV without a header row: the first row stays data and the columns go unnamed', async () => {
    const bytes = new TextEncoder().encode('Pão de queijo;R$ 4,50;120\nCafé coado;R$ 6,00;80\nBolo de cenoura;R$ 25,00;12\n');
    expect(asSheets(await parseDocumentSync(bytes, 'csv'))[0]).toMatchObject({
      header: ['', '', ''],
      rows: [['Pão de queijo', 'R$ 4,50', '120'], ['Café coado', 'R$ 6,00', '80'], ['Bolo de cenoura', 'R$ 25,00', '12']],
    });
    expect(tableToPassages(asSheets(await parseDocumentSync(bytes, 'csv')))[0]).toContain('Coluna 1: Pão de queijo\nColuna 2: R$ 4,50');
    // A label that repeats below it is data too; a word over numbers is a header.
    const categories = new TextEncoder().encode('Salgados,Coxinha\nDoces,Brigadeiro\nSalgados,Empada\n');
    expect(asSheets(await parseDocumentSync(categories, 'csv'))[0]!.rows).toHaveLength(3);
    expect(hasHeaderRow(['CEP', 'Taxa'], [['01310-100', 'R$ 5,00'], ['04538-132', 'R$ 8,00']])).toBe(true);
    expect(hasHeaderRow(['01310-100', 'R$ 5,00'], [['04538-132', 'R$ 8,00']])).toBe(false);
  });

  it('CSV booleans read like a spreadsheet\'s: VERDADEIRO/FALSO', async () => {
    const bytes = new TextEncoder().encode('Produto;Sem glúten;Vegano\nPão de queijo;TRUE;false\n');
    expect(asSheets(await parseDocumentSync(bytes, 'csv'))[0]!.rows).toEqual([['Pão de queijo', 'VERDADEIRO', 'FALSO']]);
  });

  it('TXT: UTF-8 (BOM stripped), Windows-1252 and UTF-16', async () => {
    expect(asText(await parseDocumentSync(F.txtUtf8(), 'txt'))).toBe(`${F.FACTS.txt}\nSegunda linha.`);
    expect(asText(await parseDocumentSync(F.txtWindows1252(), 'txt'))).toBe(F.FACTS.txt1252);
    expect(asText(await parseDocumentSync(F.txtUtf16(), 'txt'))).toBe(F.FACTS.txt);
    expect(decodeText(F.txtWindows1252()).encoding).toBe('windows-1252');
  });

  it('empty documents fail instead of succeeding silently', async () => {
    expect((await parseErrorOf(parseDocumentSync(new TextEncoder().encode('  \n\n '), 'txt'))).message).toBe(messages.txtEmpty);
    expect((await parseErrorOf(parseDocumentSync(new TextEncoder().encode('\r\n  \r\n\t\r\n'), 'csv'))).message).toBe(messages.csvEmpty);
    expect((await parseErrorOf(parseDocumentSync(F.docx([]), 'docx'))).message).toBe(messages.wordEmpty);
  });

  it('CSV: 200,000 data rows are accepted, 200,001 refused', async () => {
    const ok = asSheets(await parseDocumentSync(F.hugeCsv(200_000), 'csv'));
    expect(ok[0]!.rows).toHaveLength(200_000);
    expect((await parseErrorOf(parseDocumentSync(F.hugeCsv(200_001), 'csv'))).message).toBe(
      'A planilha tem linhas demais (máximo 200.000).',
    );
  });

  it('XLSX: more than 200,000 rows refused', async () => {
    expect((await parseErrorOf(parseDocumentSync(F.tallXlsx(200_001), 'xlsx'))).message).toBe(messages.tooManyRows);
    expect(asSheets(await parseDocumentSync(F.tallXlsx(3), 'xlsx'))[0]).toEqual({ name: 'Itens', header: ['Número'], rows: [['1'], ['2'], ['3']] });
  });

  it('hostile archives are refused before any parser inflates them', async () => {
    const cases: Array<[Uint8Array, FileKind, string]> = [
      [F.zipBombDocx().bytes, 'docx', messages.zipBomb],
      [F.zipBombXlsx(), 'xlsx', messages.zipBomb],
      [F.declaredHugeDocx(), 'docx', messages.zipBomb],
      [F.lyingSizeDocx(), 'docx', messages.zipBomb],
      [F.pathTraversalDocx(), 'docx', messages.zipUnsafePath],
      [F.symlinkDocx(), 'docx', messages.zipSymlink],
    ];
    for (const [bytes, kind, message] of cases) {
      expect((await parseErrorOf(parseDocumentSync(bytes, kind))).message).toBe(message);
    }
  });

  it('a zip that under-declares its size is caught by counting the real inflated bytes', async () => {
    const bytes = F.lyingSizeDocx();
    expect(() => checkZipBomb(bytes)).not.toThrow(); // the directory alone looks harmless
    const err = await parseErrorOf(parseDocumentSync(bytes, 'docx'));
    expect(err.detail).toMatch(/inflates past its declared 1000 bytes/);
  });

  it('numbers use Brazilian separators', () => {
    expect(toBrazilianNumber('R$ 1,234.50')).toBe('R$ 1.234,50');
    expect(toBrazilianNumber('12.5%')).toBe('12,5%');
    expect(toBrazilianNumber('1,000,000')).toBe('1.000.000');
    expect(toBrazilianNumber('31/12/2025')).toBe('31/12/2025');
  });
});

describe('parseFile (worker with time and memory limits)', () => {
  it('parses in a worker exactly like in-thread', async () => {
    expect(await parseFile({ bytes: F.textPdf(), kind: 'pdf', filename: 'catalogo.pdf' })).toEqual(
      await parseDocumentSync(F.textPdf(), 'pdf'),
    );
    expect(await parseFile({ bytes: F.xlsx(), kind: 'xlsx' })).toEqual(await parseDocumentSync(F.xlsx(), 'xlsx'));
  });

  it('a 300 MB zip bomb is refused inside the worker without the process growing by its size', async () => {
    const { bytes } = F.zipBombDocx();
    await parseFile({ bytes: F.docx(), kind: 'docx' }); // warm-up: the first worker start costs memory of its own
    const rssBefore = process.memoryUsage.rss();
    expect((await parseErrorOf(parseFile({ bytes, kind: 'docx' }))).message).toBe(messages.zipBomb);
    // Generous bound (memory targets live in bench/): inflating the bomb anywhere in this process would add 300 MB.
    expect((process.memoryUsage.rss() - rssBefore) / MB).toBeLessThan(150);
  });

  it('hostile files fail with their ParseError, concurrently, and the next file parses', async () => {
    const cases: Array<[Uint8Array, FileKind, string]> = [
      [F.zipBombDocx().bytes, 'docx', messages.zipBomb],
      [F.lyingSizeDocx(), 'docx', messages.zipBomb],
      [F.malformedPdf(), 'pdf', messages.pdfCorrupt],
      [F.scannedPdf(), 'pdf', messages.pdfScanned],
      [F.hugeCsv(1_000_000), 'csv', messages.tooManyRows],
    ];
    const errors = await Promise.all(cases.map(([bytes, kind]) => parseErrorOf(parseFile({ bytes, kind }))));
    expect(errors.map((e) => e.message)).toEqual(cases.map(([, , m]) => m));
    expect(asText(await parseFile({ bytes: F.docx(), kind: 'docx' }))).toContain(F.FACTS.docx[0]);
  });

  it('a parse that runs out of memory kills only its worker', async () => {
    const err = await parseErrorOf(parseFile({ bytes: F.hugeCsv(150_000), kind: 'csv' }, { maxMemoryMb: 16 }));
    expect(err.message).toBe('O arquivo é grande ou complexo demais para ser processado.');
    expect(asSheets(await parseFile({ bytes: F.csvUtf8(), kind: 'csv' }))[0]!.rows[0]).toEqual(PRICE_ROWS[0]);
  });

  it('a parse past its time limit is terminated', async () => {
    const t = performance.now();
    const err = await parseErrorOf(parseFile({ bytes: F.hugeCsv(150_000), kind: 'csv' }, { timeoutMs: 50 }));
    expect(err.message).toBe('O processamento do arquivo excedeu o tempo limite.');
    expect(performance.now() - t).toBeLessThan(5_000);
    expect(asText(await parseFile({ bytes: F.txtUtf8(), kind: 'txt' }))).toContain(F.FACTS.txt);
  });

  it('copies the bytes by default and hands them over with transfer: true', async () => {
    const kept = F.txtUtf8();
    await parseFile({ bytes: kept, kind: 'txt' });
    expect(kept.byteLength).toBeGreaterThan(0);
    const given = F.txtUtf8();
    await parseFile({ bytes: given, kind: 'txt' }, { transfer: true });
    expect(given.byteLength).toBe(0); // detached: the worker owned it
  });

  it('never detaches a Node Buffer it did not own (pooled small Buffers share one ArrayBuffer)', async () => {
    const neighbour = Buffer.from('vizinho no mesmo pool');
    const pooled = Buffer.from(F.txtUtf8());
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    expect(asText(await parseFile({ bytes: pooled, kind: 'txt' }, { transfer: true }))).toContain(F.FACTS.txt);
    expect(pooled.toString('utf8')).toContain('Nosso endereço');
    expect(neighbour.toString()).toBe('vizinho no mesmo pool');
  });

  it('a worker that cannot load is a server error (plain Error), not a ParseError about the file', async () => {
    const missing = { script: new URL('./no-such-parse-worker.js', import.meta.url), eval: false };
    const err = await parseFile({ bytes: F.txtUtf8(), kind: 'txt' }, { worker: missing }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ParseError);
    expect((err as Error).message).toMatch(/^parse worker failed to start \((ERR_)?MODULE_NOT_FOUND\)/);
  });

  it('a DOC goes through the worker too', async () => {
    expect(asText(await parseFile({ bytes: F.doc(), kind: 'doc' }))).toContain('7 dias');
  });
});

describe('readPassages (parse in a worker, split and analysis in the analysis worker)', () => {
  async function collect(batches: AsyncIterable<PreparedPassages>) {
    const out: PreparedPassages[] = [];
    for await (const batch of batches) out.push(batch);
    return out;
  }

  it('streams the passages of a table in batches, with one tsvector per passage, after telling it has parsed', async () => {
    const bytes = F.hugeCsv(30_000);
    const events: string[] = [];
    const batches: PreparedPassages[] = [];
    for await (const batch of readPassages({ bytes, kind: 'csv' }, { onParsed: () => events.push('parsed') })) {
      events.push('batch');
      batches.push(batch);
    }
    expect(events[0]).toBe('parsed');
    const expected = tableToPassages(asSheets(await parseDocumentSync(bytes, 'csv')));
    // Small first (the database starts early), then doubling up to PASSAGE_BATCH.
    const sizes = batches.map((b) => b.contents.length);
    expect(sizes.slice(0, 5)).toEqual([25, 50, 100, 200, PASSAGE_BATCH]);
    expect(sizes.slice(5, -1).every((n) => n === PASSAGE_BATCH)).toBe(true);
    expect(batches.flatMap((b) => b.contents)).toEqual(expected);
    for (const batch of batches) expect(tsvectorFields(batch)).toHaveLength(batch.contents.length);
  });

  it('splits running text as splitText does', async () => {
    const [batch, ...rest] = await collect(readPassages({ bytes: F.txtUtf8(), kind: 'txt' }));
    expect(rest).toEqual([]);
    expect(batch!.contents).toEqual(splitText(asText(await parseDocumentSync(F.txtUtf8(), 'txt'))));
  });

  it('fails with the ParseError of a hostile file, before any batch', async () => {
    const err = await parseErrorOf(collect(readPassages({ bytes: F.malformedPdf(), kind: 'pdf' })));
    expect(err.message).toBe(messages.pdfCorrupt);
  });

  it('stops the parse worker when the reader leaves before the file is read, and frees its place for the next parse', async () => {
    // A parse worker that never ends: only stopping it frees its place.
    const endless = { eval: true, script: 'for (;;) {}' };
    // Two parses run at once at most: three abandoned readers would starve the fourth if they kept theirs.
    for (let i = 0; i < 3; i++) {
      const reader = readPassages({ bytes: F.txtUtf8(), kind: 'txt' }, { worker: endless, timeoutMs: 600_000 })[Symbol.asyncIterator]();
      await reader.return!();
    }
    expect(asText(await parseFile({ bytes: F.txtUtf8(), kind: 'txt' }))).toContain(F.FACTS.txt);
  });
});

describe('tableToPassages', () => {
  const prices: Sheet = {
    name: 'Preços',
    header: ['Produto', 'Preço', 'Estoque'],
    rows: PRICE_ROWS,
  };

  it('writes each row as "coluna: valor" lines and keeps small tables in one passage', () => {
    expect(tableToPassages([prices])).toEqual([
      PRICE_ROWS.map(([p, v, e]) => `Produto: ${p}\nPreço: ${v}\nEstoque: ${e}`).join('\n\n'),
    ]);
  });

  it('splits by rows: every passage repeats the header with each value and no row is ever split', () => {
    const rows = Array.from({ length: 60 }, (_, i) => [`Produto número ${i + 1}`, `R$ ${i + 1},00`, String(i)]);
    const passages = tableToPassages([{ ...prices, rows }], { maxChars: 200 });
    expect(passages.length).toBeGreaterThan(5);
    for (const p of passages) {
      expect(p.length).toBeLessThanOrEqual(200);
      const blocks = p.split('\n\n');
      for (const block of blocks) expect(block.split('\n').map((l) => l.split(':')[0])).toEqual(['Produto', 'Preço', 'Estoque']);
    }
    const all = passages.join('\n\n');
    for (const [p, v] of rows) expect(all).toContain(`Produto: ${p}\nPreço: ${v}\n`);
  });

  it('names the sheet in each passage when there are several', () => {
    const passages = tableToPassages(
      [prices, { name: 'Horários', header: ['Dia', 'Horário'], rows: [['Sábado', '6h às 14h']] }],
      { maxChars: 120 },
    );
    expect(passages.length).toBeGreaterThan(2);
    expect(passages.filter((p) => p.startsWith('Planilha: Preços\n\nProduto: ')).length).toBe(passages.length - 1);
    expect(passages.at(-1)).toBe('Planilha: Horários\n\nDia: Sábado\nHorário: 6h às 14h');
  });

  it('keeps a sheet that has a single line (a note) as its own passage', () => {
    const passages = tableToPassages([prices, { name: 'Aviso', header: ['Fechado aos domingos', '', 'e feriados'], rows: [] }]);
    expect(passages.at(-1)).toBe('Planilha: Aviso\n\nFechado aos domingos\ne feriados');
  });

  it('skips empty values and names blank headers "Coluna N"', () => {
    const sheet: Sheet = { name: 'S', header: ['Produto', '', 'Obs'], rows: [['Sonho', 'R$ 5,00', ''], ['', '', '']] };
    expect(tableToPassages([sheet])).toEqual(['Produto: Sonho\nColuna 2: R$ 5,00']);
  });

  it('collapses line breaks inside a cell so that a value stays on its line', () => {
    const sheet: Sheet = { name: 'S', header: ['Produto', 'Descrição'], rows: [['Torta', 'Massa crocante\nrecheio de limão']] };
    expect(tableToPassages([sheet])).toEqual(['Produto: Torta\nDescrição: Massa crocante recheio de limão']);
  });

  it('truncates a huge row at a line boundary, and a huge single value with an ellipsis', () => {
    const long = 'x'.repeat(700);
    const passages = tableToPassages(
      [{ name: 'S', header: ['A', 'B', 'C'], rows: [['curto', long, long], ['depois', '1', '2']] }],
      { maxChars: 1000 },
    );
    // The first row keeps its whole lines that fit (C is dropped); the next row still joins the passage.
    expect(passages).toEqual([`A: curto\nB: ${long}\n\nA: depois\nB: 1\nC: 2`]);

    const [only] = tableToPassages([{ name: 'S', header: ['Texto'], rows: [['y'.repeat(5000)]] }], { maxChars: 1000 });
    expect(only!.length).toBeLessThanOrEqual(1000);
    expect(only).toMatch(/^Texto: y+…$/);
  });

  it('end to end: an uploaded XLSX price list answers row by row', async () => {
    const bytes = F.xlsx();
    const detected = detectFileType({ bytes, filename: 'precos.xlsx' });
    expect(detected.ok).toBe(true);
    const passages = tableToPassages(asSheets(await parseFile({ bytes, kind: 'xlsx' })));
    expect(passages[0]).toContain('Planilha: Preços\n\nProduto: Pão de queijo\nPreço: R$ 4,50\nEstoque: 120');
  });
});
