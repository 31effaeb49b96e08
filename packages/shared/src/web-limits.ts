import { z } from 'zod';

/**
 * Limits of an agent's public web chat (issue 13, item 5): what one visitor may send in a short time
 * ('N mensagens a cada M segundos'), and per day per visitor and per network address — so anonymous
 * visitors cannot spend the account's monthly quota that WhatsApp customers also need.
 */
export const DEFAULT_WEB_LIMITS = { rateMessages: 10, rateSeconds: 60, dailyPerVisitor: 60, dailyPerIp: 300 } as const;

/** By default one address may also send per day at most this share of the account's monthly messages (10%). */
export const DEFAULT_ADDRESS_SHARE = 0.1;

/** Share of the monthly quota at which the merchant is warned (dashboard and e-mail). */
export const QUOTA_WARNING_SHARE = 0.8;

const count = (what: string, max: number) =>
  z
    .number({ error: `Informe ${what}` })
    .int(`Use um número inteiro para ${what}`)
    .min(1, `${what[0]!.toUpperCase()}${what.slice(1)} deve ser pelo menos 1`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} deve ser no máximo ${max.toLocaleString('pt-BR')}`);

/** PUT /api/agents/{id}/web-limits */
export const webLimitsInputSchema = z.object({
  rateMessages: count('o número de mensagens', 1000),
  rateSeconds: count('o intervalo em segundos', 86_400),
  dailyPerVisitor: count('o limite diário por visitante', 100_000),
  dailyPerIp: count('o limite diário por endereço de internet', 1_000_000),
});
export type WebLimitsInput = z.infer<typeof webLimitsInputSchema>;

/** GET /api/agents/{id}/web-limits: the limits and what they refused today. */
export const webLimitsSchema = webLimitsInputSchema.extend({
  /** Visitor messages refused today (São Paulo day) by these limits. */
  refusedToday: z.number().int(),
});
export type WebLimits = z.infer<typeof webLimitsSchema>;
