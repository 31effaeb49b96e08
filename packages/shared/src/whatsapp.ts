import { z } from 'zod';

/** Longest text body the WhatsApp Cloud API accepts in one message; longer answers are split. */
export const WHATSAPP_TEXT_MAX = 4096;

/**
 * PUT /api/agents/{id}/whatsapp. An empty or omitted metaToken/appSecret keeps
 * the stored one (the browser never receives them back in clear); the app
 * secret is required when none is stored.
 */
export const whatsappConfigInputSchema = z.object({
  metaToken: z
    .string()
    .trim()
    .max(2048, 'Token da Meta muito longo')
    .regex(/^\S*$/, 'O Token da Meta não pode conter espaços')
    .optional(),
  phoneNumberId: z
    .string()
    .trim()
    .min(1, 'Informe o ID do Telefone')
    .max(32, 'ID do Telefone muito longo')
    .regex(/^\d+$/, 'O ID do Telefone contém apenas números'),
  appSecret: z
    .string()
    .trim()
    .max(256, 'App Secret muito longo')
    .regex(/^\S*$/, 'O App Secret não pode conter espaços')
    .optional(),
});
export type WhatsAppConfigInput = z.infer<typeof whatsappConfigInputSchema>;

/** A verification of the credentials with the Graph API (field names as in the original product). */
export const whatsappVerificationSchema = z.object({
  verified: z.boolean(),
  /** display_phone_number */
  phoneNumber: z.string().nullable(),
  /** CONNECTED is needed to send and receive; also PENDING, DISCONNECTED, FLAGGED, RESTRICTED, BANNED. */
  status: z.string().nullable(),
  /** GREEN, YELLOW, RED, NA or UNKNOWN. */
  quality_rating: z.string().nullable(),
  /** pt-BR reason when not verified. */
  error: z.string().nullable(),
});
export type WhatsAppVerification = z.infer<typeof whatsappVerificationSchema>;

/** GET /api/agents/{id}/whatsapp: the saved configuration, secrets masked. */
export const whatsappConfigSchema = z.object({
  /** True once credentials were verified and saved. */
  configured: z.boolean(),
  /** {PUBLIC_URL}/chat/{webhookId}: the callback URL to set in the Meta app. */
  webhookUrl: z.string().describe('{PUBLIC_URL}/chat/{webhookId}'),
  /** hub.verify_token for the webhook handshake (per agent). */
  verifyToken: z.string().describe('hub.verify_token of the webhook handshake'),
  phoneNumberId: z.string().nullable(),
  /** Masked, e.g. '••••••••1234'; never the token itself. */
  metaToken: z.string().nullable().describe('Masked (last 4 characters)'),
  /** Masked; null when no app secret is stored (notifications are then refused: required since issue 13). */
  appSecret: z.string().nullable().describe('Masked; null when none is stored (notifications are then refused)'),
  /** Last successful verification. */
  phoneNumber: z.string().nullable(),
  status: z.string().nullable(),
  qualityRating: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** Set when the Graph API refused the stored credentials (also shown on the agent). */
  lastError: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type WhatsAppConfig = z.infer<typeof whatsappConfigSchema>;

/** PUT /api/agents/{id}/whatsapp and POST /api/agents/{id}/whatsapp/verify. */
export const whatsappCheckSchema = z.object({ verification: whatsappVerificationSchema, config: whatsappConfigSchema });
export type WhatsAppCheck = z.infer<typeof whatsappCheckSchema>;
