import { describe, expect, it } from 'vitest';
import { isParaphrase, questionParts, questionTerms, similarity } from './question-terms';
import { matchTaughtAnswer } from './taught-answers';

const same = (a: string, b: string) => isParaphrase(questionTerms(a), questionTerms(b));

describe('paraphrases of a customer question (pt-BR)', () => {
  it.each([
    ['Vocês entregam em Campinas?', 'Fazem entrega para Campinas?'],
    ['Qual o preço do bolo de cenoura?', 'Quanto custa o bolo de cenoura?'],
    ['Qual o valor do bolo de cenoura', 'bolo de cenoura custa quanto'],
    ['Que horas vocês abrem no domingo?', 'Qual o horário de funcionamento?'],
    ['Onde fica a loja?', 'Qual o endereço de vocês?'],
    ['Tem estacionamento?', 'Vocês têm estacionamento no local?'],
    ['Gostaria de saber se vocês fazem bolo sem glúten', 'tem bolo sem gluten?'],
    ['Aceitam PIX?', 'vcs aceitam pix'],
    ['Vocês fazem troca?', 'Posso devolver?'],
  ])('"%s" = "%s"', (a, b) => {
    expect(same(a, b)).toBe(true);
    expect(same(b, a)).toBe(true);
  });

  it.each([
    ['Vocês entregam em Campinas?', 'Entregam em Sorocaba?'],
    ['Qual o preço do bolo de cenoura?', 'Quanto custa o bolo de chocolate?'],
    ['Entregam no CEP 01310-100?', 'Entregam no CEP 04567-000?'],
    ['Qual o horário de funcionamento?', 'Qual o preço da entrega?'],
    ['Oi, tudo bem?', 'Olá, bom dia!'],
  ])('"%s" ≠ "%s"', (a, b) => {
    expect(same(a, b)).toBe(false);
  });

  it('ignores accents, plurals, polite words and question words', () => {
    expect(questionTerms('Olá! Gostaria de saber, por favor, quais são os preços?')).toEqual(questionTerms('preco'));
    expect(similarity(questionTerms('informações'), questionTerms('informacao'))).toBe(0);
    expect(questionTerms('Oi, tudo bem?')).toEqual([]);
  });

  it('splits a message into its questions', () => {
    expect(questionParts('Entregam em Campinas? E quanto custa o bolo?')).toEqual(['Entregam em Campinas', 'E quanto custa o bolo']);
    expect(questionParts('Entregam em Campinas?')).toEqual([]);
  });
});

describe('matching a taught answer', () => {
  const taught = [
    { id: 'entrega', question: 'Vocês entregam em Campinas?', answer: 'Sim, entregamos em Campinas às terças.', variants: [] },
    { id: 'bolo', question: 'Quanto custa o bolo de cenoura?', answer: 'R$ 25,00.', variants: ['bolo de cenoura tá quanto'] },
  ];

  it('finds the answer for the question, its paraphrases and its variants', () => {
    expect(matchTaughtAnswer('vcs fazem entrega pra campinas?', taught)?.id).toBe('entrega');
    expect(matchTaughtAnswer('Qual o valor do bolo de cenoura?', taught)?.id).toBe('bolo');
    expect(matchTaughtAnswer('e o bolo de cenoura tá quanto?', taught)?.id).toBe('bolo');
  });

  it('finds it in one of the questions of a longer message', () => {
    expect(matchTaughtAnswer('Bom dia! Moro longe do centro, sabe? Vocês entregam em Campinas?', taught)?.id).toBe('entrega');
  });

  it('answers nothing for another question about the same kind of thing', () => {
    expect(matchTaughtAnswer('Entregam em Sorocaba?', taught)).toBeNull();
    expect(matchTaughtAnswer('Quanto custa o bolo de chocolate?', taught)).toBeNull();
    expect(matchTaughtAnswer('Oi!', taught)).toBeNull();
  });
});
