import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from './chat';

/** SPEC §3 chat request payload: {message (trimmed), sessionId}. */
export const chatRequestSchema = z.object({
  message: z.string().trim().min(1, 'Message is required').max(CHAT_MESSAGE_MAX, `Mensagem muito longa (máximo ${CHAT_MESSAGE_MAX} caracteres)`),
  sessionId: z
    .string()
    .trim()
    .min(8, 'sessionId is required')
    .max(128)
    .regex(/^[\w.:@+-]+$/, 'Invalid sessionId'),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
