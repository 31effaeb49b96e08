import { describe, expect, it } from 'vitest';
import { DOCUMENT_ACCEPT, DOCUMENT_KINDS, documentKindsLabel, isDocumentKind } from './document-kinds';
import { ALLOWED_EXTENSIONS, isAllowedFile, unsupportedFilesMessage } from './files';

describe('document kinds registry', () => {
  it('is the one list every accepted-type list is derived from', () => {
    expect(DOCUMENT_KINDS).toEqual(['pdf', 'txt', 'csv', 'doc', 'docx', 'xls', 'xlsx']);
    expect(ALLOWED_EXTENSIONS).toBe(DOCUMENT_KINDS);
    expect(DOCUMENT_ACCEPT).toBe('.pdf,.txt,.csv,.doc,.docx,.xls,.xlsx');
    expect(documentKindsLabel()).toBe('PDF, TXT, CSV, DOC, DOCX, XLS e XLSX');
    expect(documentKindsLabel('ou')).toBe('PDF, TXT, CSV, DOC, DOCX, XLS ou XLSX');
  });

  it('accepts only its own kinds (not inherited object keys)', () => {
    expect(isDocumentKind('xlsx')).toBe(true);
    expect(isDocumentKind('toString')).toBe(false);
    expect(isAllowedFile('Tabela.XLSX')).toBe(true);
    expect(isAllowedFile('constructor')).toBe(false);
    expect(unsupportedFilesMessage(['a.pdf', 'b.exe'])).toBe('Tipos de arquivo não suportados: b.exe');
  });
});
