import { describe, expect, it } from 'vitest';
import { withoutControls } from './controls';

describe('withoutControls', () => {
  it("drops an accordion's toggles between a FAQ's question and its answer", () => {
    const faq = 'Vocês abrem no feriado?\n\n+\n−\n\nAbrimos das 8h às 12h.\n\nPosso trazer meu cachorro?\n\n▼\n\nSó cães de pequeno porte.';
    expect(withoutControls(faq)).toBe('Vocês abrem no feriado?\n\nAbrimos das 8h às 12h.\n\nPosso trazer meu cachorro?\n\nSó cães de pequeno porte.');
  });

  it('drops the links and buttons that are only controls, and toggles on the line of a question', () => {
    expect(withoutControls('Nossa história\nVer mais\n\nFechar\n×\n\nSaiba mais »\n\nFim.')).toBe('Nossa história\n\nFim.');
    expect(withoutControls('Tem wi-fi? +\nTemos.\n\n› Aceita pix?\nAceitamos.')).toBe('Tem wi-fi?\nTemos.\n\nAceita pix?\nAceitamos.');
  });

  it('keeps separators, list items and text that only starts like a control', () => {
    const text = 'Pezinho\n\n-----\n\n- Pix\n- Cartão\n\nVer mais fotos na galeria\n\nAbrir conta é grátis.';
    expect(withoutControls(text)).toBe(text);
  });
});
