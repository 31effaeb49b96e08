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

  it("drops a site's breadcrumb, numbered or on one line, and keeps a numbered list that is not one", () => {
    // An aesthetics clinic's page (QA pass 6): its breadcrumb's "Home" met "homem".
    expect(withoutControls('Fotodepilação\n\n1. Home\n2. Fotodepilação\n\nA fotodepilação é unissex.')).toBe('Fotodepilação\n\nA fotodepilação é unissex.');
    expect(withoutControls('Home > Serviços > Limpeza de pele\nLimpeza de pele')).toBe('Limpeza de pele');
    const steps = '1. Escolha o produto\n2. Pague com Pix\n\n1. Home office: atendemos online.';
    expect(withoutControls(steps)).toBe(steps);
  });

  it('keeps separators, list items and text that only starts like a control', () => {
    const text = 'Pezinho\n\n-----\n\n- Pix\n- Cartão\n\nVer mais fotos na galeria\n\nAbrir conta é grátis.';
    expect(withoutControls(text)).toBe(text);
  });
});
