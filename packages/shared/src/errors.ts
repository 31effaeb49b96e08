/**
 * Every error the API returns carries a stable machine code, an English
 * developer message and a pt-BR message for people. The HTTP status is derived
 * from the code in exactly one place (here), so the server and the web app agree.
 */
export const errorCodes = {
  VALIDATION_FAILED: { status: 400, pt: 'Alguns dados estão inválidos. Verifique e tente novamente.' },
  UNAUTHENTICATED: { status: 401, pt: 'Faça login para continuar.' },
  FORBIDDEN: { status: 403, pt: 'Você não tem permissão para fazer isso.' },
  PLAN_LIMIT_REACHED: { status: 403, pt: 'Seu plano atingiu o limite. Atualize seu plano para continuar.' },
  NOT_FOUND: { status: 404, pt: 'Não encontrado.' },
  CONFLICT: { status: 409, pt: 'Este recurso foi alterado por outra ação. Recarregue e tente novamente.' },
  OUTSIDE_CUSTOMER_WINDOW: {
    status: 422,
    pt: 'Pelo WhatsApp, depois de 24 horas sem mensagem do cliente só é possível enviar um modelo de mensagem aprovado pela Meta.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, pt: 'O conteúdo enviado é grande demais.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, pt: 'Tipo de conteúdo não suportado.' },
  RATE_LIMITED: { status: 429, pt: 'Muitas tentativas. Aguarde um pouco e tente novamente.' },
  QUOTA_EXCEEDED: { status: 429, pt: 'O limite de mensagens do plano foi atingido este mês.' },
  VISITOR_LIMIT_REACHED: {
    status: 429,
    pt: 'Você atingiu o limite de mensagens deste chat por hoje. Tente novamente amanhã ou fale com a empresa por outro canal.',
  },
  TEST_LIMIT_REACHED: {
    status: 429,
    pt: 'Você usou todos os testes de hoje. Eles renovam à meia-noite; seus clientes continuam sendo atendidos normalmente.',
  },
  UPSTREAM_FAILED: { status: 502, pt: 'Um serviço externo não respondeu como esperado. Tente novamente.' },
  UPSTREAM_TIMEOUT: { status: 504, pt: 'Um serviço externo demorou demais para responder. Tente novamente.' },
  SERVICE_UNAVAILABLE: { status: 503, pt: 'Serviço temporariamente indisponível. Tente novamente em instantes.' },
  INTERNAL: { status: 500, pt: 'Ocorreu um erro inesperado. Tente novamente.' },
} as const satisfies Record<string, { status: number; pt: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** The JSON body of every API error. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    /** English, for developers and logs (the "API error message"). */
    message: string;
    /** pt-BR, safe to show to people. */
    userMessage: string;
    /** Field-level details for validation errors. */
    details?: Record<string, string[]>;
  };
}

export function statusOf(code: ErrorCode): number {
  return errorCodes[code].status;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'userMessage' in error;
}
