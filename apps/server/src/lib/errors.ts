import { errorCodes, type ErrorCode } from '@atende/shared';

/**
 * The one error type of the server, thrown by any module (domain code and routes alike). Only http/ renders it
 * (http/errors.ts: the API error body, Retry-After).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly userMessage: string;
  readonly details?: Record<string, string[]>;
  /** Seconds, rendered as Retry-After for 429/503. */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { userMessage?: string; details?: Record<string, string[]>; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.userMessage = options.userMessage ?? errorCodes[code].pt;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return errorCodes[this.code].status;
  }
}

/**
 * The things a 404 can name, with their pt-BR noun and its gender, so the message agrees
 * ('Agente não encontrado', 'Conversa não encontrada'). A new noun is added here, or the call does not typecheck.
 */
const nouns = {
  Resource: { pt: 'Recurso', gender: 'm' },
  Agent: { pt: 'Agente', gender: 'm' },
  Profile: { pt: 'Perfil', gender: 'm' },
  File: { pt: 'Arquivo', gender: 'm' },
  Checkout: { pt: 'Pagamento', gender: 'm' },
  Conversation: { pt: 'Conversa', gender: 'f' },
  Message: { pt: 'Mensagem', gender: 'f' },
  'Taught answer': { pt: 'Resposta ensinada', gender: 'f' },
} as const satisfies Record<string, { pt: string; gender: 'm' | 'f' }>;
export type NotFoundNoun = keyof typeof nouns;

export const notFound = (what: NotFoundNoun = 'Resource') => {
  const noun = nouns[what];
  return new AppError('NOT_FOUND', `${what} not found`, {
    userMessage: `${noun.pt} não ${noun.gender === 'f' ? 'encontrada' : 'encontrado'}.`,
  });
};

/** The database cannot be reached: 503, try again in a few seconds (the instance reconnects by itself). */
export const databaseUnavailable = (cause?: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', 'Database unreachable', { cause, retryAfter: 5 });
