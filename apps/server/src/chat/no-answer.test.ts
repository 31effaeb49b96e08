import { describe, expect, it } from 'vitest';
import { hasNoAnswerMarker, noAnswerStreamFilter, stripNoAnswerMarker } from './no-answer';

/** Streams `chunks` through the filter; returns what the customer saw and the final reply. */
function stream(chunks: string[]) {
  const seen: string[] = [];
  const filter = noAnswerStreamFilter((d) => seen.push(d));
  for (const chunk of chunks) filter.push(chunk);
  const result = filter.finish();
  return { streamed: seen.join(''), ...result };
}

describe('the no-answer marker', () => {
  it('is recognised in the forms models write it, and only there', () => {
    for (const text of ['[SEM_RESPOSTA] Não sei.', '[[sem resposta]] Não sei.', 'Não sei. [sem-resposta]', '[ Sem Resposta ]']) {
      expect(hasNoAnswerMarker(text)).toBe(true);
      expect(stripNoAnswerMarker(text)).not.toMatch(/resposta\s*\]/i);
    }
    for (const text of ['Não encontrei a resposta.', '[1] sem resposta do fornecedor', 'Resposta: [SEM]']) expect(hasNoAnswerMarker(text)).toBe(false);
  });

  it('is stripped from the final text wherever it is', () => {
    expect(stripNoAnswerMarker('[SEM_RESPOSTA] Desculpe, não encontrei.')).toBe('Desculpe, não encontrei.');
    expect(stripNoAnswerMarker('Desculpe, não encontrei. [SEM_RESPOSTA]')).toBe('Desculpe, não encontrei.');
    expect(stripNoAnswerMarker('Desculpe [SEM_RESPOSTA]\n\nnão encontrei.')).toBe('Desculpe não encontrei.');
  });

  it('never reaches the stream, even split across deltas, and the stream is the final text', () => {
    const cases = [
      ['[SEM', '_RESP', 'OSTA]', ' Desculpe', ', não encontrei', '.'],
      ['Desculpe, não ', 'encontrei. ', '[', 'sem resposta', ']'],
      ['[SEM_RESPOSTA] Desculpe.'],
      ['Veja o item [1', '] da lista.'],
      ['Preço: R$ 25,00', ' ', '\n', 'Fonte: catálogo'],
    ];
    for (const chunks of cases) {
      const { streamed, text } = stream(chunks);
      expect(streamed).toBe(text);
      expect(streamed).not.toMatch(/resposta\s*\]/i);
    }
    expect(stream(cases[0]!)).toMatchObject({ text: 'Desculpe, não encontrei.', noAnswer: true });
    expect(stream(cases[3]!)).toMatchObject({ text: 'Veja o item [1] da lista.', noAnswer: false });
  });

  it('lets text through as soon as it cannot become a marker', () => {
    const seen: string[] = [];
    const filter = noAnswerStreamFilter((d) => seen.push(d));
    filter.push('Abrimos às 8h');
    expect(seen.join('')).toBe('Abrimos às 8h');
    filter.push(' [');
    expect(seen.join('')).toBe('Abrimos às 8h');
    filter.push('veja o site]');
    expect(seen.join('')).toBe('Abrimos às 8h [veja o site]');
  });
});
