import { WHATSAPP_TEXT_MAX } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { splitMessage, toWhatsAppText } from './text';

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

describe('splitMessage', () => {
  it('keeps short answers whole', () => {
    expect(splitMessage('Olá! Como posso ajudar?')).toEqual(['Olá! Como posso ajudar?']);
    expect(splitMessage('x'.repeat(WHATSAPP_TEXT_MAX))).toHaveLength(1);
  });

  it('splits long answers on paragraph boundaries first', () => {
    const paragraph = (n: number) => `Parágrafo ${n}. ${'Texto sobre os produtos da loja. '.repeat(40).trim()}`;
    const text = Array.from({ length: 6 }, (_, i) => paragraph(i + 1)).join('\n\n');
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX);
      expect(part.endsWith('loja.')).toBe(true);
    }
    expect(parts.join('\n\n')).toBe(text);
  });

  it('falls back to sentence, then word boundaries, then a hard cut that respects emoji', () => {
    const sentences = 'Frase curta sobre entregas no bairro. '.repeat(300).trim();
    const bySentence = splitMessage(sentences);
    expect(bySentence.every((p) => p.length <= WHATSAPP_TEXT_MAX && p.endsWith('.'))).toBe(true);
    expect(bySentence.join(' ')).toBe(sentences);

    const words = 'palavra '.repeat(1200).trim();
    const byWord = splitMessage(words);
    expect(byWord.every((p) => p.length <= WHATSAPP_TEXT_MAX && p.endsWith('palavra'))).toBe(true);

    const emoji = '😀'.repeat(3000);
    const byCodePoint = splitMessage(emoji);
    expect(byCodePoint.every((p) => p.length <= WHATSAPP_TEXT_MAX && !/[\ud800-\udbff]$/.test(p))).toBe(true);
    expect(byCodePoint.join('')).toBe(emoji);
  });
});
