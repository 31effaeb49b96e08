import { WHATSAPP_TEXT_MAX } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { splitMessage } from './split';

describe('splitMessage', () => {
  it('keeps short answers whole', () => {
    expect(splitMessage('Olá! Como posso ajudar?', WHATSAPP_TEXT_MAX)).toEqual(['Olá! Como posso ajudar?']);
    expect(splitMessage('x'.repeat(WHATSAPP_TEXT_MAX), WHATSAPP_TEXT_MAX)).toHaveLength(1);
  });

  it('splits long answers on paragraph boundaries first', () => {
    const paragraph = (n: number) => `Parágrafo ${n}. ${'Texto sobre os produtos da loja. '.repeat(40).trim()}`;
    const text = Array.from({ length: 6 }, (_, i) => paragraph(i + 1)).join('\n\n');
    const parts = splitMessage(text, WHATSAPP_TEXT_MAX);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(WHATSAPP_TEXT_MAX);
      expect(part.endsWith('loja.')).toBe(true);
    }
    expect(parts.join('\n\n')).toBe(text);
  });

  it('falls back to sentence, then word boundaries, then a hard cut that respects emoji', () => {
    const sentences = 'Frase curta sobre entregas no bairro. '.repeat(300).trim();
    const bySentence = splitMessage(sentences, WHATSAPP_TEXT_MAX);
    expect(bySentence.every((p) => p.length <= WHATSAPP_TEXT_MAX && p.endsWith('.'))).toBe(true);
    expect(bySentence.join(' ')).toBe(sentences);

    const words = 'palavra '.repeat(1200).trim();
    const byWord = splitMessage(words, WHATSAPP_TEXT_MAX);
    expect(byWord.every((p) => p.length <= WHATSAPP_TEXT_MAX && p.endsWith('palavra'))).toBe(true);

    const emoji = '😀'.repeat(3000);
    const byCodePoint = splitMessage(emoji, WHATSAPP_TEXT_MAX);
    expect(byCodePoint.every((p) => p.length <= WHATSAPP_TEXT_MAX && !/[\ud800-\udbff]$/.test(p))).toBe(true);
    expect(byCodePoint.join('')).toBe(emoji);
  });
});
