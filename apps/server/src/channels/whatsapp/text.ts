const BOLD = '\u0000';

/**
 * The agent writes Markdown (the web chat renders it); WhatsApp has its own
 * markup: *bold*, _italic_, ~strike~, no links or headings. Converts the
 * common cases so customers never see stray `**` or `[text](url)`.
 */
export function toWhatsAppText(markdown: string): string {
  return markdown
    .replace(/^(\s*)[*+]\s+/gm, '$1- ') // bullets first, so they are not read as emphasis
    .replace(/^#{1,6}\s+(.+?)\s*#*\s*$/gm, `${BOLD}$1${BOLD}`)
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__/g, (_m, a?: string, b?: string) => `${BOLD}${a ?? b}${BOLD}`)
    .replace(/(^|[^*\w])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![*\w])/g, '$1_$2_')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '~$1~')
    .replace(/!?\[([^\]\n]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_m, label: string, url: string) =>
      label.trim() === url || `mailto:${label.trim()}` === url ? url : `${label} (${url})`,
    )
    .replaceAll(BOLD, '*');
}
