import { describe, expect, it } from 'vitest';
import { menuRecords } from './menus';
import { textPassages } from './prepare';

/** A web page's menu as html-to-text renders it: each column of a row on its own line, the sizes in a header row. */
const PIZZAS = `Nossas Pizzas

Broto
Média
Família
Marguerita

Tomate, manjericão e muçarela

R$ 30,00
R$ 42,00
R$ 55,00
Quatro Queijos

Muçarela, provolone, gorgonzola e parmesão

R$ 34,00
-
R$ 60,00
Palmito

Palmito, muçarela e azeitona

R$ 32,00
R$ 45,00
R$ 58,00

Fale conosco pelo WhatsApp.`;

describe('menuRecords', () => {
  it('writes each item of a vertical menu as one line, its prices labelled by the sizes of the header', () => {
    expect(menuRecords(PIZZAS)).toBe(`Nossas Pizzas
Marguerita - Tomate, manjericão e muçarela - Broto R$ 30,00; Média R$ 42,00; Família R$ 55,00
Quatro Queijos - Muçarela, provolone, gorgonzola e parmesão - Broto R$ 34,00; Média -; Família R$ 60,00
Palmito - Palmito, muçarela e azeitona - Broto R$ 32,00; Média R$ 45,00; Família R$ 58,00

Fale conosco pelo WhatsApp.`);
  });

  it('reads a name over its price, a description between them, and a header on one line', () => {
    const drinks = 'Sucos\n\nLimão\nR$ 6,00\nUva\nR$ 7,50\n\nRefrigerantes\n\nLata\n\n(Guaraná ou cola)\n\nR$ 5,00\nGarrafa 1 litro\nR$ 9,00\nPreço a confirmar\nR$ --,--';
    expect(menuRecords(drinks)).toBe(
      'Sucos\nLimão - R$ 6,00\nUva - R$ 7,50\n\nRefrigerantes\nLata - (Guaraná ou cola) - R$ 5,00\nGarrafa 1 litro - R$ 9,00\nPreço a confirmar - R$ --,--',
    );
    expect(menuRecords('Esfihas\n\nP | G\nCarne\nR$ 4,00\nR$ 7,00\nQueijo\nR$ 4,50\nR$ 7,50')).toBe(
      'Esfihas\nCarne - P R$ 4,00; G R$ 7,00\nQueijo - P R$ 4,50; G R$ 7,50',
    );
  });

  it('leaves alone what is not a menu of two items or more', () => {
    // One name and its price.
    expect(menuRecords('Taxa de entrega\nR$ 8,00')).toBe('Taxa de entrega\nR$ 8,00');
    // A booking app's export: a name, then its length of time and its price each alone (read by the answerer as is).
    const booking = 'Pezinho\n\n00:10\n\nR$ 10,00\n\nBarba\n\n00:30\n\nR$ 35,00';
    expect(menuRecords(booking)).toBe(booking);
    // Sentences with prices.
    const prose = 'O frete custa R$ 8,00.\nAcima de R$ 100,00 é grátis.';
    expect(menuRecords(prose)).toBe(prose);
  });

  it('keeps every item whole in one passage when the menu is split', () => {
    const items = Array.from({ length: 30 }, (_, i) => `Pizza ${i + 1}\n\nMolho de tomate, muçarela, ingrediente número ${i + 1} e orégano\n\nR$ 30,00\nR$ 42,00\nR$ 55,00`);
    const passages = textPassages(`Cardápio\n\nBroto\nMédia\nFamília\n${items.join('\n')}`);
    expect(passages.length).toBeGreaterThan(2);
    for (let i = 1; i <= 30; i++) {
      expect(passages.some((p) => p.includes(`Pizza ${i} - Molho de tomate, muçarela, ingrediente número ${i} e orégano - Broto R$ 30,00; Média R$ 42,00; Família R$ 55,00`))).toBe(true);
    }
    // No passage opens with the end of an item cut from its name (its prices alone).
    for (const p of passages) expect(p.split('\n')[0]).toMatch(/^(?:Cardápio|Pizza \d+ - )/);
  });
});
