import { describe, expect, it } from 'vitest';
import { toWhatsAppText } from './text';

describe('toWhatsAppText', () => {
  it('converts Markdown emphasis, headings, strike-through, bullets and links', () => {
    const md = [
      '## Horário de funcionamento',
      'Abrimos **de segunda a sábado**, das __8h às 18h__, e *às vezes* no domingo.',
      '* Pão francês',
      '+ Bolo de ~~cenoura~~ fubá',
      'Veja o [cardápio](https://padaria.example/cardapio) ou https://padaria.example.',
      '[contato@padaria.example](mailto:contato@padaria.example)',
    ].join('\n');
    expect(toWhatsAppText(md)).toBe(
      [
        '*Horário de funcionamento*',
        'Abrimos *de segunda a sábado*, das *8h às 18h*, e _às vezes_ no domingo.',
        '- Pão francês',
        '- Bolo de ~cenoura~ fubá',
        'Veja o cardápio (https://padaria.example/cardapio) ou https://padaria.example.',
        'mailto:contato@padaria.example',
      ].join('\n'),
    );
  });

  it('leaves plain text, arithmetic and snake_case alone', () => {
    const text = 'O total é 2 * 3 = 6; use o código PROMO_10 até amanhã 😊';
    expect(toWhatsAppText(text)).toBe(text);
  });
});
