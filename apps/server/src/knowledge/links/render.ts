import { type HtmlToTextOptions } from 'html-to-text';

export interface RenderedPage {
  title: string | null;
  /** The page's text, without its header, footer and navigation. */
  text: string;
  /**
   * The text of the page's header, footer and navigation, left out of `text` (menus and links), where a small shop's site
   * often gives its only phone, e-mail, address and hours: links/contacts.ts keeps those lines. Empty for plain text.
   */
  chrome: string;
}

export type ConvertFn = (html: string, options?: HtmlToTextOptions) => string;
export type RenderDocumentFn = (convert: ConvertFn, input: string, isHtml: boolean) => RenderedPage;

/**
 * JavaScript source of `renderDocument(convert, input, isHtml)`: turns a decoded document into readable text —
 * HTML without scripts, styles, navigation, header/footer or images, link text kept (no hrefs), table rows kept on
 * one line ("Produto | Preço"), or plain text — with whitespace collapsed and the <title> extracted. The navigation,
 * header and footer are rendered the same way, apart (`chrome`), in the same pass.
 *
 * Why a string: render-worker.ts runs this code in a worker thread (time and heap limits, off the event loop), and
 * a worker needs source text. Shipping `fn.toString()` of a compiled function breaks as soon as a build step adds
 * helpers or renames them (esbuild keepNames/minify), so the source is kept verbatim here, plain ES2022, and the
 * in-process `renderDocument` below is built from the very same text. It must stay self-contained.
 */
export const RENDER_DOCUMENT_SOURCE = String.raw`function renderDocument(convert, input, isHtml) {
  // Collapses horizontal whitespace, trims lines, keeps at most one blank line between paragraphs.
  const normalize = (text) =>
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '')
      .replace(/[\t\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000 ]+/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();

  if (!isHtml) return { title: null, text: normalize(input), chrome: '' };

  // <title>: a linear scan (a regex would be quadratic on inputs like "<title<title<title...").
  let title = null;
  const lower = input.toLowerCase();
  let at = lower.indexOf('<title');
  while (at !== -1) {
    const next = lower.charAt(at + 6);
    if (next === '>' || next === '/' || /\s/.test(next)) {
      const open = lower.indexOf('>', at);
      if (open === -1) break;
      const close = lower.indexOf('</title', open);
      if (close === -1) break;
      const raw = input.slice(open + 1, Math.min(close, open + 1 + 2000));
      // RCDATA: no tags inside, only entities to decode.
      title = convert(raw.replace(/</g, '&lt;'), { wordwrap: false }).replace(/\s+/g, ' ').trim() || null;
      break;
    }
    at = lower.indexOf('<title', at + 6);
  }

  // The <tr> rows of a table (through thead/tbody/tfoot), not those of nested tables.
  const tableRows = (table) => {
    const rows = [];
    for (const child of table.children || []) {
      if (child.type !== 'tag') continue;
      if (child.name === 'tr') rows.push(child);
      else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') rows.push(...tableRows(child));
    }
    return rows;
  };

  // One line per table row, cells separated by " | ": keeps a price list's product and price together, which the
  // block rendering (one cell per line) would pull apart. Cells holding blocks (layout tables) still break lines.
  const formatTableRows = (elem, walk, builder, formatOptions) => {
    builder.openBlock({ leadingLineBreaks: formatOptions.leadingLineBreaks ?? 2 });
    for (const row of tableRows(elem)) {
      const cells = (row.children || []).filter((c) => c.type === 'tag' && (c.name === 'td' || c.name === 'th'));
      cells.forEach((cell, i) => {
        if (i > 0) builder.addLiteral(' | ');
        walk(cell.children || [], builder);
      });
      builder.addLineBreak();
    }
    builder.closeBlock({ trailingLineBreaks: formatOptions.trailingLineBreaks ?? 2 });
  };

  // The navigation, header and footer, rendered between two marks (control characters, which the input is cleared of),
  // as blocks: read apart from the page's text after the conversion, in the same pass. A header opens with a mark of its
  // own: its prose is the page's (below).
  const OPEN = '\u0001';
  const CLOSE = '\u0002';
  const OPEN_HEADER = '\u0003';
  const chromeFormatter = (open) => (elem, walk, builder, formatOptions) => {
    builder.openBlock({ leadingLineBreaks: formatOptions.leadingLineBreaks ?? 2 });
    builder.addLiteral(open);
    walk(elem.children || [], builder);
    builder.addLiteral(CLOSE);
    builder.closeBlock({ trailingLineBreaks: formatOptions.trailingLineBreaks ?? 2 });
  };
  // A sentence of a header ("Pianista e professor de piano e teclado para todas as idades", a landing page's hero) is
  // the page's text: a block of five words or more, three of them in lower case, no number. A site's name, a menu
  // ("Início Sobre Contato") and a contact line ("contato@petvida.com.br (13) 3342-7517") stay the chrome's.
  const prose = (block) => {
    if (/\d|@/.test(block)) return false;
    const words = block.match(/\p{L}+/gu) || [];
    return words.length >= 5 && words.filter((w) => /^\p{Ll}{3,}$/u.test(w)).length >= 3;
  };

  const skipped = [
    'head', 'title', 'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'select',
    'img', 'picture', 'video', 'audio', '[hidden]',
  ];
  const options = {
    wordwrap: false,
    formatters: { tableRows: formatTableRows, chrome: chromeFormatter(OPEN), header: chromeFormatter(OPEN_HEADER) },
    limits: { maxDepth: 256, ellipsis: '', maxInputLength: 16 * 1024 * 1024 },
    selectors: [
      ...skipped.map((selector) => ({ selector, format: 'skip' })),
      ...['nav', 'footer'].map((selector) => ({ selector, format: 'chrome' })),
      { selector: 'header', format: 'header' },
      { selector: 'a', options: { ignoreHref: true } },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: 'table', format: 'tableRows' },
    ],
  };
  const rendered = convert(input.replace(/[\u0001-\u0003]/g, ''), options);
  // Split at the marks; a header's nav is the header's (depth), and a header's prose goes to the page where it was.
  const page = [];
  const chrome = [];
  // The outermost chrome element's own text, and that of the chrome inside it (a header's nav: never prose).
  let element = [];
  let inner = [];
  let header = false;
  let depth = 0;
  let from = 0;
  const piece = (text) => (depth === 0 ? page : depth === 1 ? element : inner).push(text);
  for (let i = 0; i < rendered.length; i++) {
    const c = rendered[i];
    if (c !== OPEN && c !== OPEN_HEADER && c !== CLOSE) continue;
    piece(rendered.slice(from, i));
    if (c !== CLOSE) {
      if (depth === 0) header = c === OPEN_HEADER;
      depth += 1;
    } else if (depth > 0) depth -= 1;
    if (depth === 0 && c === CLOSE) {
      const blocks = element.join('').split(/\n\s*\n/);
      if (header) page.push('\n\n', blocks.filter(prose).join('\n\n'), '\n\n');
      chrome.push(blocks.filter((block) => !header || !prose(block)).join('\n\n'), '\n\n', inner.join(''), '\n\n');
      element = [];
      inner = [];
    }
    from = i + 1;
  }
  piece(rendered.slice(from));
  chrome.push(element.join(''), inner.join(''));
  // Table separators left alone on a line (layout tables whose cells are blocks) carry no information.
  const clean = (parts) =>
    normalize(
      parts
        .join('')
        .split('\n')
        .map((line) => (line.includes('|') && /^[ \t|]*$/.test(line) ? '' : line))
        .join('\n'),
    );
  return { title, text: clean(page), chrome: clean(chrome) };
}`;

/** In-process renderDocument, built from RENDER_DOCUMENT_SOURCE (plain text, and tests of the HTML rules). */
export const renderDocument = new Function(`return (${RENDER_DOCUMENT_SOURCE});`)() as RenderDocumentFn;
