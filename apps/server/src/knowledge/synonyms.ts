import { lexemeSet } from './text-search';

/**
 * The words a shop and its customers use for the same thing. A question word of a group also matches the group's other
 * words: in retrieval (knowledge/retrieval.ts: "Qual o endereço?" finds the passage that says "Ficamos na Rua…", which
 * has no "endereço") and in the offline answer (chat/question.ts: "abrem" finds "Horário de funcionamento", "frete"
 * finds "entrega").
 */
const SYNONYM_GROUPS = [
  'horário horários hora horas abre abrem abrir abrimos aberto aberta abertos funciona funcionam funcionamos funcionamento expediente fecha fecham fechamos fechado fechada',
  'preço preços custa custam custo valor valores cobram cobra',
  'entrega entregas entregam entregar delivery frete envio enviam mandam',
  'pagamento pagamentos pagar pago aceitam aceita',
  'endereço localização localizados fica ficam rua',
  'telefone contato whatsapp zap ligar celular fone',
  'email emails e-mail',
  'instagram insta',
  'troca trocas trocar devolução devoluções devolver',
  'encomenda encomendas encomendar reserva reservar',
  'grátis gratuito gratuita gratis',
  'prazo demora demoram',
  'refrigerante refrigerantes refri refris',
  'cerveja cervejas chopp chope',
  'cachorro cachorros dog dogs',
].map((group) => [...lexemeSet(group)]);

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) for (const lexeme of group) SYNONYMS.set(lexeme, group);

/** The lexemes of a word's synonyms (its group's other lexemes), none when it has no group. */
export function synonymsOf(lexemes: readonly string[]): string[] {
  return [...new Set(lexemes.flatMap((l) => SYNONYMS.get(l) ?? []))].filter((l) => !lexemes.includes(l));
}

/** A question word's lexemes with its synonyms', as one alternative of a search (any of them matches the word). */
export function withSynonyms(lexemes: readonly string[]): readonly string[] {
  const synonyms = synonymsOf(lexemes);
  return synonyms.length === 0 ? lexemes : [...lexemes, ...synonyms];
}
