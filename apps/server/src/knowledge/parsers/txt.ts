import { messages, ParseError } from './errors';
import { markdownTables } from './markdown';
import { decodeText } from './text';
import { LIMITS, type ParsedDocument } from './types';

export function parseTxt(bytes: Uint8Array): ParsedDocument {
  // UTF-16 doubles the bytes per character: the cap is checked on the decoded text.
  const { text: raw } = decodeText(bytes);
  // A Markdown file's (or a text file's) pipe tables as rows, each value with its column.
  const text = markdownTables(raw.replace(/[ \t]+\n/g, '\n')).trim();
  if (!text) throw new ParseError(messages.txtEmpty);
  if (text.length > LIMITS.maxTextChars) throw new ParseError(messages.textTooLong, { detail: `${text.length} chars` });
  return { kind: 'text', text };
}
