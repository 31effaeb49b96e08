import { describe, expect, it } from 'vitest';
import { invalidFileNameMessage, isAllowedFile, storedFileName, unsupportedFilesMessage } from './files';

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
  it('keeps stored names short enough for any file system, with their extension', () => {
    const stored = storedFileName(`${'a'.repeat(300)}.docx`, 1);
    expect(stored).toBe(`1-${'a'.repeat(145)}.docx`);
    expect(storedFileName('b'.repeat(300), 1)).toBe(`1-${'b'.repeat(150)}`);
  });
  it('refuses names with folders, control or bidirectional characters, or too long', () => {
    for (const name of ['Cardápio (2025) — versão final.pdf', 'a'.repeat(251) + '.pdf', '<img src=x>.txt']) {
      expect(invalidFileNameMessage(name)).toBeNull();
    }
    expect(invalidFileNameMessage('../../etc/passwd.txt')).toBe(
      'O nome do arquivo "../../etc/passwd.txt" contém caracteres não permitidos. Renomeie o arquivo e envie novamente.',
    );
    expect(invalidFileNameMessage('C:\\Users\\x.pdf')).toMatch(/não permitidos/);
    expect(invalidFileNameMessage('a\u0000b.txt')).toContain('"a\uFFFDb.txt"');
    expect(invalidFileNameMessage('linha\r\n.txt')).toMatch(/não permitidos/);
    expect(invalidFileNameMessage('fatura\u202Efdp.exe.txt')).toMatch(/não permitidos/);
    expect(invalidFileNameMessage('a'.repeat(256))).toBe('O nome do arquivo passa de 255 caracteres. Renomeie o arquivo e envie novamente.');
  });
});
