/**
 * A small shop's site often gives its phone, WhatsApp, e-mail, address, opening hours and CNPJ only in the header or the
 * footer, which the page's text leaves out with the menus (render.ts). Of that text (`chrome`) the blocks that give one
 * are kept, and said once per knowledge base under a "Contato" heading: every page of a site repeats its footer.
 */
import { CNPJ_FORM, givesContact, SCHEDULE_FORM } from '../forms';

/** Blocks kept per page, and characters per block; a longer block keeps only its lines with a contact. */
const MAX_BLOCKS = 10;
const MAX_BLOCK_LENGTH = 400;
const MAX_BLOCK_LINES = 8;
/** A line short enough to be a label or a name before a contact ("Telefone:", "Unidade Centro"). */
const LABEL_LENGTH = 40;

/** A contact, the opening hours (a day next to an hour) or the company's CNPJ. */
const givesDetail = (text: string) => givesContact(text) || SCHEDULE_FORM.test(text) || CNPJ_FORM.test(text);

/** The site's credits and copyright ("Desenvolvido por…", "© 2025 Loja. Todos os direitos reservados."). */
const CREDITS = /^(?:(?:desenvolvido|criado|feito|produzido|design)\s+(?:por|pela|pelo)\b|©|\(c\)|copyright\b)|todos os direitos reservados/i;

/**
 * The blocks (lines between blank lines: a heading, a list, a paragraph, or block elements one after the other) of a
 * page's header, footer and navigation that give a contact, the opening hours or the CNPJ, as rendered, with their other
 * lines (a name, a city: "João Pessoa - PB") but not the credits and copyright lines that give none; a block longer than
 * a few lines (a menu) keeps only its lines that give one, each with the short line before it (its label, "Telefone:").
 * Deduplicated, in order.
 */
export function contactBlocks(chrome: string): string[] {
  const out: string[] = [];
  for (const block of chrome.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((line) => line.trim()).filter((line) => line && (givesDetail(line) || !CREDITS.test(line)));
    // A schedule can be cut over two lines ("Segunda a sexta" / "8h às 18h").
    if (!givesDetail(lines.join('\n'))) continue;
    let kept = lines;
    if (lines.length > MAX_BLOCK_LINES || block.length > MAX_BLOCK_LENGTH) {
      const keep = new Set<number>();
      lines.forEach((line, i) => {
        const before = lines[i - 1];
        if (givesDetail(line)) {
          keep.add(i);
          if (before !== undefined && before.length <= LABEL_LENGTH) keep.add(i - 1);
        } else if (before !== undefined && !givesDetail(before) && SCHEDULE_FORM.test(`${before}\n${line}`)) {
          keep.add(i - 1).add(i);
        }
      });
      kept = lines.filter((line, i) => keep.has(i) && line.length <= MAX_BLOCK_LENGTH);
    }
    const text = kept.join('\n');
    if (text && !out.includes(text)) out.push(text);
    if (out.length === MAX_BLOCKS) break;
  }
  return out;
}

/** The heading of a page's contact section. */
export const CONTACT_HEADING = 'Contato';

/**
 * The contact section each page of a knowledge base adds ('' when none): its contact blocks (contactBlocks) that neither
 * its own text nor an earlier page gave, under CONTACT_HEADING. The pages of one site repeat their header and footer: the
 * first page says them, the others add only what is new, so retrieval does not find the same block once per page.
 */
export function contactSections(pages: ReadonlyArray<{ text: string; contacts: readonly string[] }>): string[] {
  const said = new Set<string>();
  return pages.map(({ text, contacts }) => {
    const fresh = contacts.filter((block) => !said.has(block) && !text.includes(block));
    for (const block of contacts) said.add(block);
    return fresh.length ? `${CONTACT_HEADING}\n\n${fresh.join('\n\n')}` : '';
  });
}
