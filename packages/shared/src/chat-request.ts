import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from './chat';
import { isUnguessableSessionId, SESSION_ID_RULE_PT } from './session-id';

/*
 * Kept apart from session-id.ts: the public chat page imports those rules, and a module that builds zod schemas at
 * its top level brings zod (25 KB gzip) into every bundle that imports anything from it.
 */
const sessionIdField = z.string().trim().refine(isUnguessableSessionId, SESSION_ID_RULE_PT);

/** docs/product.md §3 chat request payload: {message (trimmed), sessionId}. */
export const chatRequestSchema = z.object({
  message: z.string().trim().min(1, 'Message is required').max(CHAT_MESSAGE_MAX, `Mensagem muito longa (máximo ${CHAT_MESSAGE_MAX} caracteres)`),
  sessionId: sessionIdField,
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** POST /webhook/{webhookId}/history: the secret travels in the body, never in a URL. */
export const chatHistoryRequestSchema = z.object({ sessionId: sessionIdField });
