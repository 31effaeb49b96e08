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

  it("drops a live widget's placeholders, a clock at zero and the title left with nothing under it", () => {
    // A page's clock and chat widget (QA pass 7), as rendered before their script ran.
    expect(withoutControls('Horário de Cajuru\n\n00:00:00\n\ncarregando...\n\nSabores\n\n* Morango')).toBe('Sabores\n\n* Morango');
    expect(withoutControls('Sabores\n\n* Morango\n\nFale Conosco\n\nSou o assistente da Sorveteria. Como posso te ajudar?\n\nDigitando...')).toBe('Sabores\n\n* Morango');
    for (const placeholder of ['Carregando…', 'Loading...', 'Aguarde...', 'digitando…', 'Bia está digitando...', '00:00', '0:00']) {
      expect(withoutControls(`Cardápio\n* Pizza\n${placeholder}\nFim.`), placeholder).toBe('Cardápio\n* Pizza\nFim.');
    }
    // A title whose content follows the placeholder keeps it: the static content is there.
    expect(withoutControls('Nossos sabores\n\nCarregando...\n\n* Morango\n* Pistache')).toBe('Nossos sabores\n\n* Morango\n* Pistache');
    expect(withoutControls('Horário de Cajuru\n00:00:00\ncarregando...\nSeg–Dom: 10h às 22h')).toBe('Horário de Cajuru\nSeg–Dom: 10h às 22h');
  });

  it('keeps midnight closing a range of hours, a question before a bare typing indicator, and sentences that only start like a placeholder', () => {
    const hours = 'Sexta e sábado\n18:00 às\n00:00';
    expect(withoutControls(hours)).toBe(hours);
    expect(withoutControls('Tem estacionamento?\nDigitando...')).toBe('Tem estacionamento?');
    const text = 'Aguarde o contato da nossa equipe.\n\nCarregando a bateria do carro: R$ 50,00.\n\nAbrimos às 00:00 do sábado.';
    expect(withoutControls(text)).toBe(text);
  });

  it('keeps separators, list items and text that only starts like a control', () => {
    const text = 'Pezinho\n\n-----\n\n- Pix\n- Cartão\n\nVer mais fotos na galeria\n\nAbrir conta é grátis.';
    expect(withoutControls(text)).toBe(text);
  });
});
