import { z } from 'zod';
import { ANSWER_OUTCOMES, CHAT_MESSAGE_MAX, channels, chatRoles, conversationStates } from './chat';

/** One message of a conversation (the public chat's history and the owner's transcripts). */
export const chatMessageSchema = z.object({
  id: z.string(),
  /** user: the customer (cliente); assistant: the agent (agente); team: someone of the team, from the inbox (equipe). */
  role: z.enum(chatRoles),
  content: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat session's messages so far, oldest first (the public chat's and the test chat's history). */
export const chatHistorySchema = z.object({ messages: z.array(chatMessageSchema) });

/** A conversation in the owner's list (GET /api/agents/{id}/conversations). */
export const conversationSummarySchema = z.object({
  id: z.string(),
  /**
   * Who the customer is, as the dashboard shows it: 'Visitante 3F9A2C' on the web (derived from the stored
   * key, never the session secret), the customer's number on WhatsApp. Stable per conversation.
   */
  customerLabel: z
    .string()
    .describe("'Visitante 3F9A2C' on the web (never the session secret), the number on WhatsApp, 'Teste do dono' for the test chat"),
  /** The customer's WhatsApp profile name when WhatsApp gave it (null on the web and the test chat). */
  customerName: z.string().nullable(),
  /** 'test' is the owner's test chat (the workspace's 'Teste'). */
  channel: z.enum(channels),
  /** Who answers it: the agent (bot), nobody yet (waiting: the customer asked for a person), the team (human), or closed. */
  state: z.enum(conversationStates),
  /** Customer messages the team has not seen yet (reset when the owner opens the conversation). */
  unread: z.number(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
  messageCount: z.number(),
  createdAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * A conversation of a list (the agent's 'Conversas', GET /api/agents/{id}/conversations; the inbox): the summary and who
 * wrote its last message, so a customer's text is previewed as written (only ours may be Markdown).
 */
export const listedConversationSchema = conversationSummarySchema.extend({
  /** Who wrote `lastMessage`: the customer (user), the agent or the team; null without messages. */
  lastMessageRole: z.enum(chatRoles).nullable(),
});
export type ListedConversation = z.infer<typeof listedConversationSchema>;

export const conversationListSchema = z.object({ conversations: z.array(listedConversationSchema) });

/** One transcript (GET /api/agents/{id}/conversations/{conversationId}). */
/**
 * A message of a transcript as the owner reads it: with what an agent's reply did (`unanswered` replies get
 * 'Ensinar resposta'); null on the customer's and the team's messages, absent on messages pushed live.
 */
export const transcriptMessageSchema = chatMessageSchema.extend({ outcome: z.enum(ANSWER_OUTCOMES).nullable().optional() });
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>;

/**
 * Messages a transcript page holds: the latest, or those before `?before=` (a WhatsApp conversation lasts months). A
 * restored public chat session shows one page too, its latest.
 */
export const TRANSCRIPT_PAGE = 200;

/**
 * The conversation and a page of its transcript, oldest first: its latest TRANSCRIPT_PAGE messages, or with
 * `?before={messageId}` the ones just before that message. `hasMore`: there are earlier messages still (ask for them
 * with `?before=` the first message's id).
 */
export const conversationSchema = conversationSummarySchema.extend({ messages: z.array(transcriptMessageSchema), hasMore: z.boolean() });
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * A conversation in the account-wide inbox ('Atendimentos', GET /api/inbox): as listed, with its agent and whether the
 * last message we sent on WhatsApp was not delivered.
 */
export const inboxConversationSchema = listedConversationSchema.extend({
  agentId: z.string(),
  agentName: z.string(),
  /** WhatsApp reported the last message we sent in this conversation as not delivered ('Não entregue'). */
  undelivered: z.boolean(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;
export const inboxListSchema = z.object({ conversations: z.array(inboxConversationSchema) });

/** POST /api/agents/{id}/conversations/{conversationId}/messages: a message of the team to the customer. */
export const teamMessageRequestSchema = z.object({
  text: z.string().trim().min(1, 'Escreva a mensagem.').max(CHAT_MESSAGE_MAX, `Mensagem muito longa (máximo ${CHAT_MESSAGE_MAX} caracteres).`),
});
/** The stored team message and the conversation after it (now `human`). */
export const teamMessageResponseSchema = z.object({ message: chatMessageSchema, conversation: conversationSummarySchema });

/**
 * A message of ours that WhatsApp could not deliver (a `failed` status, or the Graph API refused it when sent):
 * GET /api/agents/{id}/conversations/{conversationId}/undelivered. `reason` is pt-BR, after 'Não entregue: '.
 */
export const undeliveredMessageSchema = z.object({
  messageId: z.string(),
  /** Meta's error code (131047 outside the 24-hour window, 131026 undeliverable…); null when Meta gave none. */
  code: z.number().nullable(),
  reason: z.string(),
  failedAt: z.string(),
});
export type UndeliveredMessage = z.infer<typeof undeliveredMessageSchema>;
export const undeliveredListSchema = z.object({ messages: z.array(undeliveredMessageSchema) });

/** How far a message we sent on WhatsApp got: forward only (sent → delivered → read), `failed` final. */
export const deliveryStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * How far one of our messages got on WhatsApp (GET /api/agents/{id}/conversations/{conversationId}/deliveries): a
 * message sent in several parts is as far as its least advanced part, and not delivered if any part failed.
 */
export const messageDeliverySchema = z.object({
  messageId: z.string(),
  status: z.enum(deliveryStatuses),
  /** Why it was not delivered (`failed` only): Meta's error code (null when Meta gave none) and the pt-BR reason. */
  failure: z.object({ code: z.number().nullable(), reason: z.string() }).nullable(),
  /** When its status last changed. */
  at: z.string(),
});
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;
export const deliveryListSchema = z.object({ messages: z.array(messageDeliverySchema) });
