import { describe, expect, it } from 'vitest';
import { stripMarkdown } from './markdown';

describe('stripMarkdown', () => {
  it("turns the offline responder's quote and source into plain words", () => {
    const reply = 'Encontrei isto na nossa base de conhecimento:\n\n> Aos domingos, das 7h às 12h45.\n> Feriados: fechado.\n\n_Fonte: horario.pdf_';
    expect(stripMarkdown(reply)).toBe(
      'Encontrei isto na nossa base de conhecimento:\n\nAos domingos, das 7h às 12h45.\nFeriados: fechado.\n\nFonte: horario.pdf',
    );
  });

  it('keeps the words of emphasis, code, headings, links and lists', () => {
    expect(stripMarkdown('O resultado de `12 * 7` é **84**.')).toBe('O resultado de 12 * 7 é 84.');
    expect(stripMarkdown('## Preços\n- Café: R$ 5\n* Bolo: R$ 30')).toBe('Preços\n• Café: R$ 5\n• Bolo: R$ 30');
    expect(stripMarkdown('Veja [o cardápio](https://loja.com.br/menu "Menu") e ![logo](x.png).')).toBe('Veja o cardápio e logo.');
    expect(stripMarkdown('__muito__ *bom* e _ótimo_')).toBe('muito bom e ótimo');
  });

  it('leaves plain text alone, including snake_case, 2*3*4 and prices', () => {
    for (const text of ['Horário: 8h às 18h.', 'use o campo nome_da_loja', 'quanto é 2*3*4?', 'R$ 5,00 * 2 unidades']) {
      expect(stripMarkdown(text)).toBe(text);
    }
  });

  it('drops code fences and collapses the blank lines they leave', () => {
    expect(stripMarkdown('Código:\n\n```\nPIX123\n```\n\n\nFim')).toBe('Código:\n\nPIX123\n\nFim');
  });
});
