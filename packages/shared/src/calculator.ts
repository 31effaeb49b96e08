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

/** Words with which customers ask for a calculation ("quanto é", "quanto dá", "calcule", "some"…). */
const CALCULATION_CUE =
  /(?:^|[\s,.;!?])(quanto\s+(?:é|e|eh|da|dá|fica|ficaria|seria|sai)|qual\s+(?:é\s+)?o\s+resultado|calcul[ae]r?|calcule|faz(?:er)?\s+a\s+conta|conta\s+de|some|somar|soma\s+de|multiplique|multiplicar|divida|dividir|subtraia|subtrair)(?=$|[\s,.;:!?])/i;
/** Digits joined only by - / . without spaces: a date, a CEP, a product or process number — not arithmetic. */
const CODE_LIKE = /^\d+(?:[-/.]\d+)+$/;
/** An operator nobody writes inside codes and dates. */
const PLAIN_OPERATOR = /[*×÷+^()]|\d\s*x\s*\d|sqrt|\b(vezes|mais|dividido|elevado|raiz)\b|\s[-/]\s/i;

/**
 * The expression of a message that clearly asks for a calculation, else null. Numbers are everywhere in
 * customers' messages — CEPs ("01310-100"), dates ("15/03", "safra 16/17"), "24/7", order and process
 * numbers — and none of those is a request to calculate. A message asks for one when it says so ("quanto
 * é", "calcule", "some"…) next to the expression, or when it is nothing but an expression with an
 * unambiguous operator ("12*7", "3 x 25,50", "(3+4)*2").
 */
export function calculationRequest(message: string): string | null {
  const expression = extractExpression(message);
  if (!expression) return null;
  const rest = message.trim().replace(/[\s?=!.]+$/, '');
  const cue = CALCULATION_CUE.exec(rest);
  const compact = expression.trim();
  if (cue) {
    // "quanto é 150/4?" asks for the division; "quanto é o frete para o CEP 01310-100?" does not.
    const afterCue = rest.slice(cue.index + cue[0].length).replace(/^[\s,:]+/, '');
    const onlyNumbersAfter = !/\p{L}{3,}/u.test(afterCue.replace(/\b(vezes|mais|menos|dividido|por|elevado|a|raiz|quadrada|de)\b/gi, ''));
    return !CODE_LIKE.test(compact) || onlyNumbersAfter ? expression : null;
  }
  // No words asking for it: the message must be the expression alone, written with a plain operator.
  const words = rest.replace(/\b(vezes|mais|menos|dividido|por|elevado|a|raiz|quadrada|de)\b/gi, '');
  if (/\p{L}{2,}/u.test(words.replace(/sqrt|x/gi, ''))) return null;
  return PLAIN_OPERATOR.test(rest) && !CODE_LIKE.test(compact) ? expression : null;
}
