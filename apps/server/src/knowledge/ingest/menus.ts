import { MENU_PRICE, VALUE_LINE } from './split';

/**
 * A menu laid out vertically, as a website's menu renders to text (each column of a row on a line of its own): an
 * item's name, its description (often a paragraph apart), then its prices one per line, and the next item's name
 * right under the last price, with the sizes the prices are for in a header above the first item:
 *
 *   Pizzas
 *
 *   Pequena
 *   Média
 *   Grande
 *   Calabresa
 *
 *   Molho, muçarela, calabresa e cebola
 *
 *   R$ 18,00
 *   R$ 26,00
 *   R$ 36,00
 *   Portuguesa
 *   …
 *
 * Read as written, a passage cut anywhere in it has names without their prices and prices without their names, and
 * the answerer quotes a bare "R$ 3,00" or a bare "Portuguesa". menuRecords writes each item as one line, its name, its
 * description and its prices, each price labelled by its size when there is such a header:
 *
 *   Pizzas
 *   Calabresa - Molho, muçarela, calabresa e cebola - Pequena R$ 18,00; Média R$ 26,00; Grande R$ 36,00
 *   Portuguesa - …
 *
 * the items of one list under its title, in one block, as a price list is written (the answerer reads each priced line
 * as a row under that title: chat/answer.ts). The name is set apart with " - " and not ": ", so that a block of items
 * cut from its title is not read as one record's "campo: valor" fields. Everything else is left as it is: a list is
 * only read as a menu when it has two items or more, each a name (with or without a description) over its prices.
 */
export function menuRecords(text: string): string {
  // (Lines end in '\n': runningTextPassages, ingest/prepare.ts.)
  if (!/\d,\d{2}|R\$/.test(text)) return text;
  const lines = text.split('\n').map((l) => l.trim());
  const out: string[] = [];
  // Lines before `from` not yet written out.
  let from = 0;
  for (let i = 0; i < lines.length; ) {
    const items = menuAt(lines, i);
    if (items.length < 2) {
      i++;
      continue;
    }
    const { start, title, sizes } = headOf(lines, i, items[0]!.prices.length);
    out.push(...lines.slice(from, start));
    // The menu is a block of its own: apart from what comes before and after it.
    if (out.length && out.at(-1) !== '') out.push('');
    if (title) out.push(title);
    for (const item of items) out.push(itemLine(item, item.prices.length === sizes.length ? sizes : []));
    i = from = items.at(-1)!.end;
    if (i < lines.length && lines[i] !== '') out.push('');
  }
  if (from === 0) return text;
  out.push(...lines.slice(from));
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

interface Item {
  name: string;
  description: string | null;
  prices: string[];
  /** The index of the line after its last price. */
  end: number;
}

/** A price alone on its line ("R$ 18,00", "R$ 5", "18,00"), or a price not set ("R$ --,--"). */
const PRICE_LINE = new RegExp(String.raw`^(?:${MENU_PRICE}|\d{1,3}(?:\.\d{3})*,\d{2})$`, 'u');
/** A size not served, among the item's prices ("R$ 18,00", "-", "R$ 36,00"). */
const NOT_SERVED = /^[-–—]$/u;
/** The longest name of an item; the longest line of its description. */
const NAME_LENGTH = 60;
const DESCRIPTION_LENGTH = 300;
/** The most lines a description has. */
const DESCRIPTION_LINES = 3;

/** A short line that can name an item: letters, no sentence, label or list punctuation at its end, not a value nor a header row ("P | G"). */
const isName = (line: string | undefined): line is string =>
  line !== undefined && !line.includes(' | ') && line.length >= 2 && line.length <= NAME_LENGTH && /\p{L}/u.test(line) && !/[.!?;:,]$/.test(line) && !VALUE_LINE.test(line) && !/^[-*•▪◦·–—]\s/.test(line);

/** A line that can describe an item: words, not a value ("00:10" under a service's name is its length of time, not a description). */
const isDescription = (line: string | undefined): line is string =>
  line !== undefined && line.length <= DESCRIPTION_LENGTH && /\p{L}/u.test(line) && !VALUE_LINE.test(line) && !PRICE_LINE.test(line);

/** The items of a menu starting at line i, one after another (the next name under the last price, or a blank line apart). */
function menuAt(lines: readonly string[], i: number): Item[] {
  const items: Item[] = [];
  for (let item = itemAt(lines, i); item; item = itemAt(lines, i)) {
    items.push(item);
    i = lines[item.end] === '' ? item.end + 1 : item.end;
  }
  return items;
}

/**
 * The item whose name is line i: the name, then its prices on the next lines; or the name, its description on the next
 * line or in the next block, then its prices (on the line after the description, or in the block after it).
 */
function itemAt(lines: readonly string[], i: number): Item | null {
  const name = lines[i];
  if (!isName(name)) return null;
  let at = i + 1;
  let description: string[] = [];
  if (lines[at] === '') {
    // "Calabresa", a blank line, "Molho, muçarela…", a blank line, the prices.
    at++;
    while (at < lines.length && lines[at] !== '' && description.length <= DESCRIPTION_LINES) description.push(lines[at++]!);
    if (!description.length || description.length > DESCRIPTION_LINES || !description.every(isDescription) || lines[at] !== '') return null;
    at++;
  } else if (!PRICE_LINE.test(lines[at] ?? '')) {
    // "Calabresa", "Molho, muçarela…", the prices, on lines one under the other; the name opens its block or comes after
    // the prices of the item before ("Grande" under "Pequena" and "Média" is a size of the header, not a name).
    const opens = i === 0 || lines[i - 1] === '' || PRICE_LINE.test(lines[i - 1]!) || NOT_SERVED.test(lines[i - 1]!);
    if (!opens || !isDescription(lines[at]) || !PRICE_LINE.test(lines[at + 1] ?? '')) return null;
    description = [lines[at++]!];
  }
  const prices: string[] = [];
  while (at < lines.length && (PRICE_LINE.test(lines[at]!) || NOT_SERVED.test(lines[at]!))) prices.push(lines[at++]!);
  if (!prices.some((p) => PRICE_LINE.test(p))) return null;
  return { name, description: description.length ? description.join(' ') : null, prices, end: at };
}

/**
 * What heads the menu whose first item's name is line i: the sizes its prices are for ("Pequena", "Média", "Grande", one
 * a line, or on one line apart by "|" or "/"), on the lines right above the name or in the block before it, as many as
 * the first item has prices; and its title, a short line alone in its block above them ("Pizzas", "Sucos"). `start`: the
 * first line they take, which the menu's block replaces.
 */
function headOf(lines: readonly string[], i: number, count: number): { start: number; title: string | null; sizes: string[] } {
  let start = i;
  let sizes: string[] = [];
  // The lines above the name in its block, or the block above it.
  const above = (end: number) => {
    let first = end;
    while (first > 0 && lines[first - 1] !== '') first--;
    return { first, block: lines.slice(first, end) };
  };
  let { first, block } = above(i);
  if (!block.length && i >= 2 && lines[i - 1] === '') ({ first, block } = above(i - 1));
  const labels = block.length === 1 ? block[0]!.split(/\s+[|/]\s+/) : block;
  if (count >= 2 && labels.length === count && labels.every(isSize)) {
    sizes = labels;
    start = first;
  } else if (block.length && first + block.length === i) {
    // Lines above the name in its block that are not sizes: the menu starts at its name.
    return { start: i, title: null, sizes: [] };
  }
  // The title: a short line alone in its block, right above (the sizes, or the name).
  const gap = lines[start - 1] === '' ? start - 1 : start;
  const before = gap < start ? above(gap) : { first: start, block: [] };
  if (before.block.length === 1 && isName(before.block[0]) && !PRICE_LINE.test(before.block[0]!)) return { start: before.first, title: before.block[0]!, sizes };
  return { start, title: null, sizes };
}

/** A size in a menu's header ("Pequena", "Broto", "G", "Média (6 fatias)"): a short label, no price. */
const isSize = (line: string) => line.length <= 30 && /\p{L}/u.test(line) && !/[.!?;:,]$/.test(line) && !PRICE_LINE.test(line) && !VALUE_LINE.test(line);

/** An item as one line: "Calabresa - Molho, muçarela… - Pequena R$ 18,00; Média R$ 26,00; Grande R$ 36,00". */
function itemLine({ name, description, prices }: Item, sizes: readonly string[]): string {
  const priced = sizes.length ? prices.map((p, k) => `${sizes[k]} ${p}`).join('; ') : prices.join(' / ');
  return [name, description, priced].filter(Boolean).join(' - ');
}
