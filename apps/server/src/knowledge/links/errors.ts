export type LinkFetchErrorCode =
  | 'INVALID_URL'
  | 'BLOCKED_ADDRESS'
  | 'DNS_FAILED'
  | 'TOO_MANY_REDIRECTS'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_TYPE'
  | 'HTTP_ERROR';

const DEFAULT_MESSAGES: Record<LinkFetchErrorCode, string> = {
  INVALID_URL: 'Link inválido: use um endereço completo começando com http:// ou https://.',
  BLOCKED_ADDRESS: 'Endereço não permitido: links para redes internas não são aceitos.',
  DNS_FAILED: 'Não foi possível encontrar o site: verifique se o endereço do link está correto.',
  TOO_MANY_REDIRECTS: 'O link redireciona vezes demais e não pôde ser lido.',
  TIMEOUT: 'O site demorou demais para responder. Tente novamente mais tarde.',
  TOO_LARGE: 'A página é grande demais para ser importada.',
  UNSUPPORTED_TYPE: 'Tipo de conteúdo não suportado: apenas páginas HTML e texto podem ser importados.',
  HTTP_ERROR: 'Não foi possível acessar o site.',
};

/** The pt-BR text for a code, as LinkFetchError shows it by default. */
export const linkErrorMessage = (code: LinkFetchErrorCode): string => DEFAULT_MESSAGES[code];

/** A link could not be fetched. `code` is for programs, `userMessage` (pt-BR) is safe to show to the merchant. */
export class LinkFetchError extends Error {
  readonly code: LinkFetchErrorCode;
  readonly userMessage: string;
  /** The URL of the hop that failed (credentials removed), when known. */
  readonly url?: string;
  /** HTTP status, for HTTP_ERROR responses. */
  readonly status?: number;

  constructor(
    code: LinkFetchErrorCode,
    detail?: string,
    extra: { userMessage?: string; url?: string; status?: number; cause?: unknown } = {},
  ) {
    super(detail ? `${code}: ${detail}` : code, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'LinkFetchError';
    this.code = code;
    this.userMessage = extra.userMessage ?? DEFAULT_MESSAGES[code];
    this.url = extra.url;
    this.status = extra.status;
  }
}
