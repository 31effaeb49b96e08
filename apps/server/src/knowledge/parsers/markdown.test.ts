import { describe, expect, it } from 'vitest';
import { markdownTables } from './markdown';

describe("Markdown's pipe tables", () => {
  it('are read as rows, each value with its column, between the text around them', () => {
    const text = [
      'Horários das unidades:',
      '',
      '| Unidade | Durante a semana | Sábado | Domingos e Feriados |',
      '| :------ | :--------------- | :----- | :------------------ |',
      '| **Floresta** | 05:30h às 23h | 08h às 13h | Fechada |',
      '| Lagoa \\| Centro | 05:30h às 22h |  | 09h às 13h |',
      '',
      'Valores sujeitos a alteração.',
    ].join('\n');
    expect(markdownTables(text)).toBe(
      [
        'Horários das unidades:',
        '',
        '',
        'Unidade: Floresta\nDurante a semana: 05:30h às 23h\nSábado: 08h às 13h\nDomingos e Feriados: Fechada',
        '',
        'Unidade: Lagoa | Centro\nDurante a semana: 05:30h às 22h\nDomingos e Feriados: 09h às 13h',
        '',
        '',
        'Valores sujeitos a alteração.',
      ].join('\n'),
    );
  });

  it('without outer pipes too; a line with pipes but no delimiter row under it is left as written', () => {
    expect(markdownTables('Sabor | Preço\n--- | ---:\nCalabresa | R$ 45,00')).toBe('\nSabor: Calabresa\nPreço: R$ 45,00\n');
    const prose = 'Pix | Cartão | Dinheiro\nAceitamos todos.';
    expect(markdownTables(prose)).toBe(prose);
    expect(markdownTables('| a | b |\n| --- |\n| 1 | 2 |')).toBe('| a | b |\n| --- |\n| 1 | 2 |'); // delimiter of another width
  });
});
