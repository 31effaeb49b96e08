import { z } from 'zod';

/** Taught answers ('Ensinar resposta'): the merchant's own answer to a question customers ask. */
export const TAUGHT_QUESTION_MAX = 300;
export const TAUGHT_ANSWER_MAX = 4000;
export const TAUGHT_VARIANTS_MAX = 20;
/** Taught answers per agent. */
export const TAUGHT_ANSWERS_MAX = 500;

const question = z
  .string()
  .trim()
  .min(1, 'Escreva a pergunta do cliente')
  .max(TAUGHT_QUESTION_MAX, `Use no máximo ${TAUGHT_QUESTION_MAX} caracteres na pergunta`);
const answer = z
  .string()
  .trim()
  .min(1, 'Escreva a resposta')
  .max(TAUGHT_ANSWER_MAX, `Use no máximo ${TAUGHT_ANSWER_MAX} caracteres na resposta`);

export const taughtAnswerInputSchema = z.object({
  question,
  answer,
  /** Other wordings customers used (the grouped unanswered questions it is taught from). */
  variants: z
    .array(z.string().trim().min(1).max(TAUGHT_QUESTION_MAX, `Use no máximo ${TAUGHT_QUESTION_MAX} caracteres em cada pergunta`))
    .max(TAUGHT_VARIANTS_MAX, `No máximo ${TAUGHT_VARIANTS_MAX} outras formas da pergunta`)
    .optional(),
});
export type TaughtAnswerInput = z.infer<typeof taughtAnswerInputSchema>;

export const taughtAnswerPatchSchema = z
  .object({ question: question.optional(), answer: answer.optional() })
  .refine((v) => v.question !== undefined || v.answer !== undefined, 'Nada para alterar');
export type TaughtAnswerPatch = z.infer<typeof taughtAnswerPatchSchema>;

export const taughtAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  variants: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaughtAnswer = z.infer<typeof taughtAnswerSchema>;
export const taughtAnswerListSchema = z.object({ answers: z.array(taughtAnswerSchema) });

/** The Painel's periods, in days (today included). */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export const INSIGHT_DAYS_MAX = 90;

/** Where conversations happen, as the Painel names them. */
export const INSIGHT_CHANNELS = ['web', 'whatsapp'] as const;
export const insightChannelLabels: Record<string, string> = { web: 'Link e site', whatsapp: 'WhatsApp' };

const count = z.number().int().nonnegative();

export const unansweredGroupSchema = z.object({
  /** The group's most recent wording. */
  question: z.string(),
  /** Every distinct wording of the group, most recent first (at most 10). */
  variants: z.array(z.string()),
  count,
  lastAskedAt: z.string(),
  /** The conversations where it was asked, most recent first (at most 5). */
  conversations: z.array(z.object({ id: z.string(), askedAt: z.string() })),
  agentId: z.string(),
  agentName: z.string(),
});
export type UnansweredGroup = z.infer<typeof unansweredGroupSchema>;

export const insightsSchema = z.object({
  /** First and last day of the period (YYYY-MM-DD, São Paulo), and its length in days. */
  from: z.string(),
  to: z.string(),
  days: count,
  totals: z.object({
    /** Conversations started in the period. */
    conversations: count,
    /** Customers' messages. */
    messages: count,
    /** The agent's replies to questions, by what they did. */
    answered: count,
    unanswered: count,
    /** Customers who asked for a person (handed to the team). */
    handedOff: count,
    /** Calculations, greetings and notices: replies that are neither answers nor missed questions. */
    other: count,
    /** Average time from a customer's message to the agent's reply, in ms (null: no replies). */
    averageAnswerMs: z.number().nullable(),
  }),
  daily: z.array(z.object({ date: z.string(), conversations: count, messages: count, answered: count, unanswered: count })),
  channels: z.array(z.object({ channel: z.string(), conversations: count, messages: count })),
  /** Customers' messages by hour of the day (0–23, São Paulo). */
  hours: z.array(count),
  usage: z.object({
    month: z.string(),
    /** The account's messages this month (every agent), and this scope's share. */
    used: count,
    scopeUsed: count,
    /** null: unlimited. */
    quota: z.number().nullable(),
    /** Messages the account will have used by the end of the month at this month's pace. */
    projected: count,
    /** When the quota runs out at this pace (YYYY-MM-DD), or null when it lasts the month. */
    runsOutOn: z.string().nullable(),
  }),
  unanswered: z.array(unansweredGroupSchema),
});
export type Insights = z.infer<typeof insightsSchema>;

export const accountInsightsSchema = insightsSchema.extend({
  agents: z.array(z.object({ id: z.string(), name: z.string(), conversations: count, messages: count, unanswered: count })),
});
export type AccountInsights = z.infer<typeof accountInsightsSchema>;

export const insightSettingsSchema = z.object({ weeklySummary: z.boolean() });
export type InsightSettings = z.infer<typeof insightSettingsSchema>;

/**
 * LGPD: a customer of the merchant, found by WhatsApp number or visitor label ('Visitante 3F9A2C'), whose
 * conversations the merchant can export (JSON) and erase everywhere.
 */
export const CUSTOMER_CHANNELS = ['web', 'whatsapp'] as const;
const customerLabelInput = z
  .string()
  .trim()
  .min(3, 'Digite o número do WhatsApp ou o código do visitante')
  .max(60, 'Use no máximo 60 caracteres');

export const customerSearchSchema = z.object({ q: customerLabelInput });
export const customerRefSchema = z.object({ channel: z.enum(CUSTOMER_CHANNELS), customerLabel: customerLabelInput });
export type CustomerRef = z.infer<typeof customerRefSchema>;

export const customerMatchSchema = z.object({
  channel: z.enum(CUSTOMER_CHANNELS),
  /** '+5511987654321' or 'Visitante 3F9A2C', as the conversations show it. */
  customerLabel: z.string(),
  conversations: z.array(
    z.object({ id: z.string(), agentId: z.string(), agentName: z.string(), createdAt: z.string(), lastMessageAt: z.string(), messageCount: count }),
  ),
});
export type CustomerMatch = z.infer<typeof customerMatchSchema>;
export const customerListSchema = z.object({ customers: z.array(customerMatchSchema) });

export const customerExportSchema = z.object({
  channel: z.enum(CUSTOMER_CHANNELS),
  customerLabel: z.string(),
  exportedAt: z.string(),
  conversations: z.array(
    z.object({
      id: z.string(),
      agentName: z.string(),
      startedAt: z.string(),
      messages: z.array(z.object({ author: z.string(), text: z.string(), sentAt: z.string() })),
    }),
  ),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;

export const customerErasureSchema = z.object({
  id: z.string(),
  agentName: z.string(),
  channel: z.string(),
  /** The number masked ('+5511*****4321'); a visitor's label as shown. */
  customerLabel: z.string(),
  conversations: count,
  messages: count,
  createdAt: z.string(),
});
export type CustomerErasure = z.infer<typeof customerErasureSchema>;
export const customerErasureListSchema = z.object({ erasures: z.array(customerErasureSchema) });
export const customerErasedSchema = z.object({ conversations: count, messages: count });
