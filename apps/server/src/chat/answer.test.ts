import { describe, expect, it } from 'vitest';
import type { RetrievedPassage } from '../knowledge/retrieval';
import { answerQuestion, selectPassages } from './answer';

const passage = (content: string, sourceName: string, score: number): RetrievedPassage => ({ id: sourceName, content, sourceName, sourceType: 'file', score });

const TEXTS = [
  'Horário de funcionamento\nDe segunda a sexta, das 8h às 18h. Aos sábados, das 9h às 13h.',
  'Entregas: fazemos entrega em toda a cidade. A taxa é de R$ 10,00. Pedidos acima de R$ 80,00 têm entrega grátis.',
  'Pagamento\nAceitamos Pix, cartões de crédito e débito. Não aceitamos cheques.',
  'Produto;Preço\nBolo de cenoura;R$ 25,00\nPão de queijo;R$ 5,00',
  'Padaria Pão Quente\n\nFundada em 1987 no bairro da Lapa. Ela é conhecida pelos pães de fermentação natural.',
  'Trocas: avise em até 2 horas com uma foto. Enviamos outro produto ou devolvemos o valor.',
  'Encomendas de bolos inteiros com 48 horas de antecedência pelo WhatsApp.',
  'Estacionamento conveniado a 50 metros, com manobrista aos sábados.',
  'O salão do fundo comporta até 20 pessoas e pode ser reservado para aniversários.',
  'Cardápio: espresso R$ 6,00; cappuccino R$ 12,00; café coado do dia R$ 9,00.',
];

describe('the analysis of passages, kept by their text', () => {
  it('gives the same selections and answers whatever was analysed before, with the same texts ranked and scored otherwise', () => {
    const questions = ['Quanto custa o bolo de cenoura?', 'Vocês abrem sábado? E aceitam Pix?', 'Quando a padaria foi fundada?', 'Tem entrega grátis?'];
    const ranked = TEXTS.map((t, i) => passage(t, `fonte-${i}.txt`, 10 - i));
    const reversed = [...TEXTS].reverse().map((t, i) => passage(t, `outra-${i}.txt`, 1 + i / 10));
    // Cold: the first time these texts are read. Then warm, after other questions and other orders used them.
    const cold = questions.map((q) => ({ selected: selectPassages(q, ranked, 4), answers: answerQuestion(q, ranked) }));
    const coldReversed = questions.map((q) => ({ selected: selectPassages(q, reversed, 4), answers: answerQuestion(q, reversed) }));
    for (let round = 0; round < 2; round++) {
      expect(questions.map((q) => ({ selected: selectPassages(q, ranked, 4), answers: answerQuestion(q, ranked) }))).toEqual(cold);
      expect(questions.map((q) => ({ selected: selectPassages(q, reversed, 4), answers: answerQuestion(q, reversed) }))).toEqual(coldReversed);
    }
    // The selections name their own passages (source, rank), not the first ones read with the same text.
    expect(coldReversed[0]!.selected.every((p) => p.sourceName.startsWith('outra-'))).toBe(true);
    expect(cold[0]!.answers[0]!.excerpt).toContain('R$ 25,00');
  });
});
