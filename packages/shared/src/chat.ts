import type { PublicAppearance } from './appearance';

export const CHAT_MESSAGE_MAX = 4000;

export interface ChatResponse {
  output: string;
  /**
   * The conversation is with the business's team (issue 16): the message reached them, and no automatic reply
   * comes (`output` is empty). The team's answer arrives on the live stream (POST /webhook/{id}/live).
   */
  silent?: boolean;
}

/** Who wrote a message: the customer (cliente), the agent (agente) or someone of the team from the inbox (equipe). */
export const chatRoles = ['user', 'assistant', 'team'] as const;
export type ChatRole = (typeof chatRoles)[number];
/** How the dashboard names each author. */
export const chatRoleLabels: Record<ChatRole, string> = { user: 'Cliente', assistant: 'Agente', team: 'Equipe' };

/**
 * Who answers a conversation (issue 16): `bot` the agent; `waiting` the customer asked for a person and the team was
 * told; `human` someone from the team took over (the agent stays silent); `closed` the team closed it (a new
 * customer message opens it again with the agent).
 */
export const conversationStates = ['bot', 'waiting', 'human', 'closed'] as const;
export type ConversationState = (typeof conversationStates)[number];
export const conversationStateLabels: Record<ConversationState, string> = {
  bot: 'Agente',
  waiting: 'Aguardando equipe',
  human: 'Com a equipe',
  closed: 'Encerrada',
};

/**
 * What an agent's message did, stored with it (messages.outcome) so the inbox and the insights can tell
 * answered questions from unanswered ones:
 * - answered: answered from the agent's knowledge;
 * - unanswered: the knowledge does not answer it, and the agent said so (abstained);
 * - calculation: a calculation the customer asked for;
 * - small_talk: a greeting, thanks or goodbye;
 * - notice: a notice of the product itself (monthly limit reached, WhatsApp media not read).
 */
export const ANSWER_OUTCOMES = ['answered', 'unanswered', 'calculation', 'small_talk', 'notice'] as const;
export type AnswerOutcome = (typeof ANSWER_OUTCOMES)[number];
/** Where a conversation happens: the public chat (link, frame, widget), WhatsApp, or the owner's test chat. */
export const channels = ['web', 'whatsapp', 'test'] as const;
export type Channel = (typeof channels)[number];

/** Public information about an agent (GET /webhook/{id}): what the public chat page and the widget show. */
export interface PublicAgent {
  name: string;
  webhookId: string;
  appearance: PublicAppearance;
}

/**
 * SSE stream of POST /webhook/{id} with Accept: text/event-stream:
 *   event: token  data: {"delta":"..."}
 *   event: done   data: {"output":"..."}
 *   event: error  data: {"error":{code,message,userMessage}}
 * plus ": ping" comment heartbeats.
 */
export type ChatStreamEvent =
  | { event: 'token'; data: { delta: string } }
  | { event: 'done'; data: ChatResponse }
  | { event: 'error'; data: { error: { code: string; message: string; userMessage: string } } };

/**
 * docs/product.md §3 chat response: a plain string, or an object whose reply text is read
 * from output, then message, then response. Null when there is no reply text.
 */
export function replyText(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() ? body : null;
  if (typeof body === 'object' && body !== null) {
    for (const key of ['output', 'message', 'response'] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return null;
}

/** pt-BR texts for the chat errors of docs/product.md §8 (the English stays as the API error message). */
export const chatErrorMessages = {
  'Chat service not available': 'O serviço de chat não está disponível.',
  'Chat service unavailable': 'O serviço de chat está indisponível no momento.',
  'No response received from chat service': 'Não recebemos resposta do serviço de chat.',
  'No internet connection': 'Sem conexão com a internet.',
  'Failed to connect to chat service': 'Não foi possível conectar ao serviço de chat.',
  'Failed to send message. Please try again.': 'Não foi possível enviar a mensagem. Tente novamente.',
} as const;
