import { MAX_FILE_BYTES } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { selectionError } from './selection';

const file = (name: string, size = 1000) => ({ name, size });

describe('selectionError', () => {
  it('accepts every allowed extension, in any case, up to exactly 50 MB', () => {
    const names = ['a.pdf', 'b.TXT', 'c.csv', 'd.doc', 'e.docx', 'f.xls', 'g.XLSX'];
    expect(selectionError([...names.map((n) => file(n)), file('limite.pdf', MAX_FILE_BYTES)])).toBeNull();
  });

  it('refuses the whole selection naming every unsupported file (docs/product.md §5)', () => {
    expect(selectionError([file('ok.pdf'), file('foto.png'), file('script.exe'), file('sem-extensao')])).toBe(
      'Tipos de arquivo não suportados: foto.png, script.exe, sem-extensao',
    );
  });

  it('refuses a selection with a file over 52,428,800 bytes', () => {
    expect(selectionError([file('ok.pdf'), file('grande.pdf', MAX_FILE_BYTES + 1)])).toBe(
      'O arquivo "grande.pdf" passa do limite de 50 MB por arquivo. Nenhum arquivo foi enviado.',
    );
    expect(selectionError([file('a.xlsx', MAX_FILE_BYTES + 1), file('b.csv', MAX_FILE_BYTES * 2)])).toBe(
      'Os arquivos "a.xlsx", "b.csv" passam do limite de 50 MB por arquivo. Nenhum arquivo foi enviado.',
    );
  });
});
