/**
 * Agent replies are Markdown. Where they are shown as plain text (conversation
 * previews, and a reply shown before the Markdown renderer has loaded) the
 * syntax goes and the words stay: "> Abrimos às 7h\n\n_Fonte: x.pdf_" →
 * "Abrimos às 7h\n\nFonte: x.pdf". Small on purpose: the public chat bundles it.
 */
export function stripMarkdown(text: string): string {
  return (
    text
      // Fenced code markers (the code itself stays).
      .replace(/^ {0,3}(```|~~~).*$/gm, '')
      // Block markers at the start of a line: quotes, headings, list bullets.
      .replace(/^ {0,3}(?:>[ \t]?)+/gm, '')
      .replace(/^ {0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^([ \t]*)[-*+][ \t]+/gm, '$1• ')
      // Images and links keep their text.
      .replace(/!?\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
      // Emphasis and inline code around words.
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?![\w*])/g, '$1$3')
      .replace(/`([^`\n]+)`/g, '$1')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
