import { withSynonyms } from './synonyms';
import { lexemeSet } from './text-search';
import { withWeekdays } from './weekdays';

/**
 * Things a shop writes without naming them, and how they are written: a phone number ("(11) 98888-7777",
 * "0800 123 4567") without the word "telefone", an e-mail address without "e-mail", an Instagram handle
 * ("@padariapaoquente") without "instagram", opening hours ("Segunda a sexta, das 8h às 18h") without "horário",
 * installments ("em até 12x") without "parcela", a discount ("-10%") without "desconto", an address ("R. Alm. Tefé, 680") without "endereço", a CNPJ ("12.345.678/0001-90") without "CNPJ", a price ("Heineken long neck - R$ 10,00") or "grátis" without "preço", a length of
 * time ("em até 45 minutos", "7 (sete) dias úteis") without "prazo" or "tempo". A customer asks for the word ("qual o
 * telefone?"); the text has only the form.
 *
 * `words` are the question words that ask for it. `indexed` forms also give their passage the lexemes of their first
 * word (passageLexemes), so retrieval finds "(11) 98888-7777" for "qual o telefone?" (or "whatsapp", its shop synonym:
 * knowledge/synonyms.ts) even when no other word of the question is in the passage. Prices, hours and lengths of time
 * are not indexed: most texts have one, and "preço", "horário" or "prazo" would then be found everywhere (indexing hours
 * lost a question of `eval:answers`' held-out half); the answerer still meets them by their form in the passages
 * retrieval brings by another word ("quanto custa a *heineken*?", "que horas abre o *atendimento*?", "quanto tempo
 * demora a *entrega*?").
 */
interface WrittenForm {
  words: Set<string>;
  /** Whether a text has the form (only ever tested: what it matches is not used). */
  pattern: RegExp;
  /** The lexemes a passage with this form is also found by; none when not indexed. */
  lexemes: readonly string[];
  /** A way to reach the shop (a phone, an e-mail, an address, a handle): its name alone does not answer (namesContactWithout). */
  contact: boolean;
}

/**
 * A form asked for by `words` — the first names it — and by the first word's shop synonyms (knowledge/synonyms.ts).
 * `indexed`: its passages are also found by the first word, or by the words given.
 */
function form(words: string, pattern: RegExp, { indexed = false as boolean | string, contact = false } = {}): WrittenForm {
  const name = [...lexemeSet(words.split(' ')[0]!)];
  const lexemes = indexed === true ? name : indexed ? [...lexemeSet(indexed)] : [];
  return { words: new Set([...lexemeSet(words), ...withSynonyms(name)]), pattern, lexemes, contact };
}

/** A price as written: "R$ 6,50", "6,50", "grátis" (the answerer's price answer type too: chat/question.ts). */
export const PRICE_FORM = /R\$\s?\d|\b\d+,\d{2}\b|(?<![\p{L}])(?:gr[aá]tis|gratuit[oa]s?)(?![\p{L}])/iu;

/**
 * A schedule ("Segunda à Sábado\n09:00 às 12:00hs", "Seg a sex das 8h às 18h"): a day next to an hour. Indexed ("qual o
 * horário?", "que horas…?"), unlike an hour alone, which most texts have somewhere.
 */
export const SCHEDULE_FORM = /(?<![\p{L}])(?:segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|seg|sex|s[áa]b|dom|feriados?)(?![\p{L}])[^\d]{0,30}\b\d{1,2}(?::\d{2}|h\d{0,2}|\s?hs?\b)/iu;

/** A company's CNPJ ("12.345.678/0001-90", "12345678000190"), often alone in a site's footer. */
export const CNPJ_FORM = /\b\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}\b/;

export const WRITTEN_FORMS: readonly WrittenForm[] = [
  form('preço', PRICE_FORM),
  form('horário hora horas', SCHEDULE_FORM, { indexed: 'horário horas' }),
  form('horário hora horas', /\b\d{1,2}\s?hs?\b|\b\d{1,2}h\d{2}\b|\b\d{1,2}:\d{2}\b|\bdas \d{1,2} (?:às|as|até) \d{1,2} horas\b|\b24 horas por dia\b|\b(?:abert[oa]s?|funciona(?:mos)?|atendemos|atendimento)\s+24 horas\b/i),
  form('parcela parcelas parcelar parcelam parcelamento parcelado vezes', /\b\d{1,2}\s?x\b/i, { indexed: true }),
  // "em até 45 minutos", "7 (sete) dias úteis", and a duration column's cell ("Duracao_Minutos: 60").
  form('prazo tempo demorar duração', /\b\d+\s*(?:\(\p{L}+\)\s*)?(?:min\b|minutos?|h\b|horas?|dias?|semanas?|meses|m[eê]s)|dura[çc][ãa]o[^:\n]{0,20}: \d/iu),
  // A mobile's leading 9 may stand apart ("(85) 9 9970-1822").
  form('telefone', /\(?\b\d{2}\)?[\s.-]?(?:9[\s.]?)?\d{4}[\s.-]?\d{4}\b|\b0800[\s.-]?\d{3}[\s.-]?\d{4}\b/, { indexed: true, contact: true }),
  // One character of the name before the '@' tells as well as the whole name, which `[\w.+-]+@` would read again from
  // every letter of every word of the text (an eighth of the bench PDF's analysis).
  form('email', /[\w.+-]@[\w-]+\.[\w.]+/, { indexed: true, contact: true }),
  // A street word may label the street ("Rua: Pinheiro Machado, 2310", a contact page's list).
  form('endereço', /(?<![\p{L}])(?:rua|r\.|av\.|avenida|alameda|al\.|travessa|tv\.|rodovia|rod\.|estrada|est\.|estr\.|praça|pça\.|largo):?\s+[^\n\d]{2,60}?,?\s*(?:n[º°o.]*\s*)?\d+/iu, { indexed: true, contact: true }),
  // A lookbehind, so that the search looks for the '@' rather than trying every space.
  form('instagram', /(?<=^|\s)@[\w.]{3,}/, { indexed: true, contact: true }),
  form('cnpj', CNPJ_FORM, { indexed: true }),
  // A discount written as its share off a price: "Pacote 4 aulas -10%", "20% OFF".
  form('desconto descontos', /(?<![\p{L}\p{N}])[-−–]\s?\d{1,2}\s?%|\d\s?%\s?off(?![\p{L}])/iu),
];

const CONTACTS = WRITTEN_FORMS.filter((f) => f.contact);

/**
 * Whether a question word asks for a contact the text names without giving it: "qual o telefone?" over "EXTENSÃO
 * TELEFONE 10M" or "qual o endereço?" over "traga RG, CPF e endereço completo". A contact is its form (a number, an
 * address, an e-mail, a handle); the word alone does not answer.
 */
export function namesContactWithout(lexemes: readonly string[], text: string): boolean {
  // "contato" asks for any way to reach the shop: an e-mail answers it as a phone does.
  if (lexemes.some((l) => ANY_CONTACT.has(l))) return !givesContact(text);
  return CONTACTS.some((f) => lexemes.some((l) => f.words.has(l)) && !f.pattern.test(text));
}

/** Words for a way to reach the shop, whichever it is. */
const ANY_CONTACT = lexemeSet('contato contatos');

/** Whether a text gives a way to reach the shop: a phone, an e-mail, an address or a handle. */
export const givesContact = (text: string) => CONTACTS.some((f) => f.pattern.test(text));

/** Whether a question word (its lexemes) asks for a form that the text has. */
export function asksFormIn(lexemes: readonly string[], text: string): boolean {
  return WRITTEN_FORMS.some((f) => lexemes.some((l) => f.words.has(l)) && f.pattern.test(text));
}

/**
 * A passage's full-text lexemes: its words' (text-search.ts), those of the indexed forms it has, and those of the days of
 * the week it names by a range or a group ("Segunda a sexta" is found by "quarta": weekdays.ts).
 */
export function passageLexemes(text: string): Set<string> {
  const lexemes = withWeekdays(lexemeSet(text), text);
  for (const f of WRITTEN_FORMS) if (f.lexemes.length && f.pattern.test(text)) for (const l of f.lexemes) lexemes.add(l);
  return lexemes;
}
