import type { ChatRole } from '@atende/shared';

const timeZone = 'America/Sao_Paulo';
const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone });
const numberFormat = new Intl.NumberFormat('pt-BR');

/** 17/01/2025 */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** 17/01/2025, 14:32 */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** 1.000 */
export const formatNumber = (value: number) => numberFormat.format(value);
/** '1 conversa', '2 conversas', '1.000 conversas' */
export const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * A reply's Markdown as one line of plain text, for previews ('> Horário…' → 'Horário…', '_Fonte: x_' → 'Fonte: x',
 * '[site](https://…)' → 'site'). The full message is rendered as Markdown where it is shown whole.
 */
export function plainPreview(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:>\s?|#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)+/gm, '')
    .replace(/(\*\*|\*|~~|`)(\S(?:.*?\S)?)\1/g, '$2')
    // Underscores emphasise only at word edges (CommonMark): nome_da_loja stays as it is.
    .replace(/(^|[^\p{L}\p{N}_])(__|_)(\S(?:.*?\S)?)\2(?![\p{L}\p{N}_])/gu, '$1$3')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A conversation's last message as one line, by who wrote it: a customer's text is plain text, shown as written
 * (only its line breaks become spaces), never read as Markdown ('[x](javascript:…)' stays as typed); the agent's and
 * the team's replies are Markdown, previewed as plain text (plainPreview). Without the author, as a reply.
 */
export function messagePreview(text: string, role: ChatRole | null | undefined): string {
  return role === 'user' ? text.replace(/\s+/g, ' ').trim() : plainPreview(text);
}
