import { describe, expect, it } from 'vitest';
import { isAllowedFile, storedFileName, unsupportedFilesMessage } from './files';

describe('file rules', () => {
  it('accepts the allowed extensions in any case', () => {
    for (const name of ['a.pdf', 'b.TXT', 'c.csv', 'd.doc', 'e.DocX', 'f.xls', 'g.xlsx']) expect(isAllowedFile(name)).toBe(true);
    for (const name of ['a.exe', 'b.pdf.exe', 'c', 'd.png', '.pdf.zip']) expect(isAllowedFile(name)).toBe(false);
  });
  it('refuses the whole selection naming the bad files', () => {
    expect(unsupportedFilesMessage(['a.pdf', 'b.png', 'c.exe'])).toBe('Tipos de arquivo não suportados: b.png, c.exe');
    expect(unsupportedFilesMessage(['a.pdf'])).toBeNull();
  });
  it('builds the stored name: timestamp, no accents, safe characters only', () => {
    expect(storedFileName('Tabela de Preços (2025).xlsx', 1700000000000)).toBe('1700000000000-Tabela_de_Precos__2025_.xlsx');
    expect(storedFileName('../../etc/passwd', 1)).toBe('1-passwd');
    expect(storedFileName('..\\..\\x.pdf', 1)).toBe('1-x.pdf');
    expect(storedFileName('.htaccess', 1)).toBe('1-_htaccess');
    expect(storedFileName('café-ação.pdf', 1)).toBe('1-cafe-acao.pdf');
  });
});
