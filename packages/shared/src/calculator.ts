/**
 * The calculator tool: a safe arithmetic evaluator (no eval). Supports
 * + - * / % ^, parentheses, unary minus, decimals with '.' or ',', and the
 * functions sqrt, abs, round, floor, ceil. Used by the model as a tool and by
 * the offline responder.
 */
export class CalculatorError extends Error {}

const FUNCTIONS: Record<string, (x: number) => number> = {
  sqrt: Math.sqrt,
  raiz: Math.sqrt,
  abs: Math.abs,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
};

type Token = { kind: 'num'; value: number } | { kind: 'op'; value: string } | { kind: 'fn'; value: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const src = input.replace(/×/g, '*').replace(/÷/g, '/').replace(/\s+/g, '');
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    const num = /^(\d+(?:[.,]\d+)?|[.,]\d+)/.exec(src.slice(i));
    if (num) {
      tokens.push({ kind: 'num', value: Number(num[0].replace(',', '.')) });
      i += num[0].length;
      continue;
    }
    const word = /^[a-z]+/i.exec(src.slice(i));
    if (word) {
      const name = word[0].toLowerCase();
      if (!(name in FUNCTIONS)) throw new CalculatorError(`Unknown function: ${word[0]}`);
      tokens.push({ kind: 'fn', value: name });
      i += word[0].length;
      continue;
    }
    if ('+-*/%^()'.includes(ch)) {
      tokens.push({ kind: 'op', value: ch });
      i += 1;
      continue;
    }
    throw new CalculatorError(`Unexpected character: ${ch}`);
  }
  return tokens;
}

/** Evaluates an arithmetic expression; throws CalculatorError on bad input. */
export function evaluate(expression: string): number {
  if (expression.length > 500) throw new CalculatorError('Expression too long');
  const tokens = tokenize(expression);
  let pos = 0;
  const peek = () => tokens[pos];
  const take = () => tokens[pos++];
  const isOp = (v: string) => {
    const t = peek();
    return t?.kind === 'op' && t.value === v;
  };

  // expr := term (('+'|'-') term)*
  const expr = (): number => {
    let value = term();
    while (isOp('+') || isOp('-')) value = take()!.value === '+' ? value + term() : value - term();
    return value;
  };
  // term := power (('*'|'/'|'%') power)*
  const term = (): number => {
    let value = unary();
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = take()!.value;
      const rhs = unary();
      if (op === '*') value *= rhs;
      else if (op === '/') {
        if (rhs === 0) throw new CalculatorError('Division by zero');
        value /= rhs;
      } else value %= rhs;
    }
    return value;
  };
  // unary := '-' unary | '+' unary | power
  const unary = (): number => {
    if (isOp('-')) {
      take();
      return -unary();
    }
    if (isOp('+')) {
      take();
      return unary();
    }
    return power();
  };
  // power := primary ('^' unary)?   (right-associative)
  const power = (): number => {
    const base = primary();
    if (isOp('^')) {
      take();
      return base ** unary();
    }
    return base;
  };
  const primary = (): number => {
    const t = take();
    if (!t) throw new CalculatorError('Unexpected end of expression');
    if (t.kind === 'num') return t.value;
    if (t.kind === 'fn') {
      if (!isOp('(')) throw new CalculatorError(`Expected ( after ${t.value}`);
      take();
      const arg = expr();
      if (!isOp(')')) throw new CalculatorError('Missing )');
      take();
      return FUNCTIONS[t.value]!(arg);
    }
    if (t.value === '(') {
      const value = expr();
      if (!isOp(')')) throw new CalculatorError('Missing )');
      take();
      return value;
    }
    throw new CalculatorError(`Unexpected ${t.value}`);
  };

  const result = expr();
  if (pos !== tokens.length) throw new CalculatorError('Unexpected input after expression');
  if (!Number.isFinite(result)) throw new CalculatorError('Result is not a finite number');
  return result;
}

/** Formats a result the Brazilian way (1.234,5), up to 10 decimals. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 10 }).format(value);
}

/**
 * Finds an arithmetic expression inside a customer message ("quanto é 12 x 7?",
 * "calcule (3+4)*2"). Returns null when the message has no operation.
 */
export function extractExpression(message: string): string | null {
  const normalized = message
    .toLowerCase()
    .replace(/(\d)\s*x\s*(\d)/g, '$1*$2')
    .replace(/\bvezes\b/g, '*')
    .replace(/\bmais\b/g, '+')
    .replace(/\bmenos\b/g, '-')
    .replace(/\b(dividido por|divide por)\b/g, '/')
    .replace(/\belevado a\b/g, '^')
    .replace(/\braiz quadrada de\s*(\d+(?:[.,]\d+)?)/g, 'sqrt($1)');
  const candidates = normalized.match(/[-+*/%^().,\d\s]*(?:sqrt\([^)]*\))?[-+*/%^().,\d\s]*/g) ?? [];
  let best: string | null = null;
  for (const raw of candidates) {
    const candidate = raw.trim().replace(/[.,]+$/, '');
    if (!/\d/.test(candidate) || !/[-+*/%^]|sqrt/.test(candidate.replace(/^-/, ''))) continue;
    try {
      evaluate(candidate);
    } catch {
      continue;
    }
    if (!best || candidate.length > best.length) best = candidate;
  }
  return best;
}
