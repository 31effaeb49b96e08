import { describe, expect, it } from 'vitest';
import { splitText } from './split';

describe('splitText', () => {
  it('keeps short text whole', () => {
    expect(splitText('  Olá mundo.  ')).toEqual(['Olá mundo.']);
    expect(splitText('   ')).toEqual([]);
  });

  it('splits long text into chunks of at most ~1000 characters with overlap', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Parágrafo ${i}. ${'Texto de exemplo com várias palavras. '.repeat(5)}`);
    const chunks = splitText(paragraphs.join('\n\n'));
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(1000 + 100);
    // Consecutive chunks share context.
    for (let i = 1; i < chunks.length; i++) {
      const tail = chunks[i - 1]!.slice(-40);
      const overlapWord = tail.split(' ').filter((w) => w.length > 3)[0]!;
      expect(chunks[i]).toContain(overlapWord);
    }
    // Nothing is lost.
    for (let i = 0; i < 30; i++) expect(chunks.some((c) => c.includes(`Parágrafo ${i}.`))).toBe(true);
  });

  it('splits text without separators by characters', () => {
    const chunks = splitText('x'.repeat(2500), 1000, 100);
    expect(chunks.every((c) => c.length <= 1100)).toBe(true);
    expect(chunks.join('').length).toBeGreaterThanOrEqual(2500);
  });
});
