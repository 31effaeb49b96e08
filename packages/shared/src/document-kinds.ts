/**
 * The registry of document kinds the knowledge base accepts (docs/product.md §5). Every list of accepted types is
 * derived from it: the upload form's `accept=` and hint, the server's extension check and its messages, the stored
 * MIME type and the parser a kind goes to (the server's parser table is typed by `DocumentKind`, so a new entry here
 * does not compile until it has a parser). See docs/architecture.md, "How to add a document kind".
 */
export const documentKinds = {
  pdf: { mime: 'application/pdf', described: 'um PDF', feminine: false },
  txt: { mime: 'text/plain', described: 'um arquivo de texto', feminine: false },
  csv: { mime: 'text/csv', described: 'um arquivo CSV (texto)', feminine: false },
  doc: { mime: 'application/msword', described: 'um documento do Word (DOC)', feminine: false },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    described: 'um documento do Word (DOCX)',
    feminine: false,
  },
  xls: { mime: 'application/vnd.ms-excel', described: 'uma planilha do Excel (XLS)', feminine: true },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    described: 'uma planilha do Excel (XLSX)',
    feminine: true,
  },
} as const satisfies Record<
  string,
  {
    /** The MIME type stored and served for the kind (whatever the browser declared). */
    mime: string;
    /** pt-BR, with its article: "O arquivo não é {described} válido". */
    described: string;
    /** Whether `described`'s noun is feminine ("válida"). */
    feminine: boolean;
  }
>;

export type DocumentKind = keyof typeof documentKinds;

/** The accepted extensions, in the registry's order. */
export const DOCUMENT_KINDS = Object.keys(documentKinds) as DocumentKind[];

/** The file input's `accept` attribute: ".pdf,.txt,…". */
export const DOCUMENT_ACCEPT = DOCUMENT_KINDS.map((kind) => `.${kind}`).join(',');

/** "PDF, TXT, CSV, DOC, DOCX, XLS e XLSX" (`conjunction` 'ou' for "envie … ou …"). */
export function documentKindsLabel(conjunction: 'e' | 'ou' = 'e'): string {
  const upper = DOCUMENT_KINDS.map((kind) => kind.toUpperCase());
  return `${upper.slice(0, -1).join(', ')} ${conjunction} ${upper[upper.length - 1]}`;
}

export function isDocumentKind(value: string): value is DocumentKind {
  return Object.hasOwn(documentKinds, value);
}
