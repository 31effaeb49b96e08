import { z } from 'zod';

/** Longest text body the WhatsApp Cloud API accepts in one message; longer answers are split. */
export const WHATSAPP_TEXT_MAX = 4096;

/**
 * PUT /api/agents/{id}/whatsapp. An empty or omitted metaToken/appSecret keeps
 * the stored one (the browser never receives them back in clear).
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

/** SPEC §3 "WhatsApp verification result" (field names as in the original product). */
export interface WhatsAppVerification {
  verified: boolean;
  /** display_phone_number */
  phoneNumber: string | null;
  /** CONNECTED is needed to send and receive; also PENDING, DISCONNECTED, FLAGGED, RESTRICTED, BANNED. */
  status: string | null;
  /** GREEN, YELLOW, RED, NA or UNKNOWN. */
  quality_rating: string | null;
  /** pt-BR reason when not verified. */
  error: string | null;
}

/** GET /api/agents/{id}/whatsapp: the saved configuration, secrets masked. */
export interface WhatsAppConfig {
  /** True once credentials were verified and saved. */
  configured: boolean;
  /** {PUBLIC_URL}/chat/{webhookId}: the callback URL to set in the Meta app. */
  webhookUrl: string;
  /** hub.verify_token for the webhook handshake (per agent). */
  verifyToken: string;
  phoneNumberId: string | null;
  /** Masked, e.g. '••••••••1234'; never the token itself. */
  metaToken: string | null;
  /** Masked; null when no app secret is stored (notifications are then not signature-checked). */
  appSecret: string | null;
  /** Last successful verification. */
  phoneNumber: string | null;
  status: string | null;
  qualityRating: string | null;
  verifiedAt: string | null;
  /** Set when the Graph API refused the stored credentials (also shown on the agent). */
  lastError: string | null;
  updatedAt: string | null;
}

/** PUT /api/agents/{id}/whatsapp and POST /api/agents/{id}/whatsapp/verify. */
export interface WhatsAppCheck {
  verification: WhatsAppVerification;
  config: WhatsAppConfig;
}
