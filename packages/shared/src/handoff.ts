import { z } from 'zod';

/**
 * Handing a conversation to a person (issue 16, docs/product.md §10): the agent's settings, their defaults, and the
 * business hours the handoff message speaks of. Times are in Brasília time (America/Sao_Paulo).
 */
export const HANDOFF_TIME_ZONE = 'America/Sao_Paulo';
export const DEFAULT_HANDOFF_MESSAGE = 'Certo! Vou chamar alguém da nossa equipe para continuar o atendimento. Aguarde só um pouco, por favor.';
/** Unanswered agent replies in a row after which the agent hands over by itself. */
export const DEFAULT_HANDOFF_AFTER_UNANSWERED = 2;
/** How long a waiting or human conversation may go without a team message before the agent takes it back. */
export const DEFAULT_HANDOFF_TIMEOUT_MINUTES = 30;
/** What the agent says when it takes a conversation back. */
export const HANDOFF_TIMEOUT_MESSAGE =
  'Nossa equipe não conseguiu responder agora. Voltei a te atender por aqui: pode me perguntar o que precisar. Se ainda quiser falar com uma pessoa, é só pedir de novo.';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use o formato HH:MM (por exemplo, 09:00).');

/** The team's hours: on `days` (0 = domingo … 6 = sábado), from `open` to `close`, Brasília time. */
export const businessHoursSchema = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1, 'Escolha pelo menos um dia.').max(7),
    open: time,
    close: time,
  })
  .refine((h) => h.open < h.close, { message: 'O horário de fechamento deve ser depois da abertura.', path: ['close'] });
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** The agent's handoff settings as the API shows and takes them (GET/PUT /api/agents/{id}/handoff). */
export const handoffSettingsSchema = z.object({
  message: z.string().trim().min(1, 'Escreva a mensagem.').max(500, 'Mensagem muito longa (máximo 500 caracteres).'),
  afterUnanswered: z.number().int().min(0, 'Use 0 para nunca.').max(10, 'No máximo 10.'),
  timeoutMinutes: z.number().int().min(5, 'No mínimo 5 minutos.').max(7 * 24 * 60, 'No máximo 7 dias.'),
  /** A WhatsApp number (digits with country code) told of each handoff; null: none. */
  notifyWhatsapp: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s()+.-]/g, ''))
    .pipe(z.string().regex(/^\d{10,15}$/, 'Informe o número com DDI e DDD, por exemplo +55 11 91234-5678.'))
    .nullable(),
  /** Null: the team answers at any time. */
  businessHours: businessHoursSchema.nullable(),
});
export type HandoffSettings = z.infer<typeof handoffSettingsSchema>;

export const DEFAULT_HANDOFF_SETTINGS: HandoffSettings = {
  message: DEFAULT_HANDOFF_MESSAGE,
  afterUnanswered: DEFAULT_HANDOFF_AFTER_UNANSWERED,
  timeoutMinutes: DEFAULT_HANDOFF_TIMEOUT_MINUTES,
  notifyWhatsapp: null,
  businessHours: null,
};

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

/** Day of week and minutes since midnight of `now` in Brasília time. */
function brasiliaClock(now: Date): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: HANDOFF_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** True when the team works at `now` (always, without business hours). */
export function withinBusinessHours(hours: BusinessHours | null, now = new Date()): boolean {
  if (!hours) return true;
  const { day, minutes } = brasiliaClock(now);
  return hours.days.includes(day) && minutes >= toMinutes(hours.open) && minutes < toMinutes(hours.close);
}

/** 'hoje às 09:00', 'amanhã às 09:00' or 'segunda-feira às 09:00': when the team next opens after `now`. */
export function nextOpening(hours: BusinessHours, now = new Date()): string {
  const { day, minutes } = brasiliaClock(now);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const d = (day + ahead) % 7;
    if (!hours.days.includes(d)) continue;
    if (ahead === 0 && minutes >= toMinutes(hours.open)) continue;
    const when = ahead === 0 ? 'hoje' : ahead === 1 ? 'amanhã' : WEEKDAYS[d];
    return `${when} às ${hours.open}`;
  }
  return `às ${hours.open}`;
}

/** The handoff message, with when the team will answer when it is outside business hours. */
export function handoffMessageAt(settings: Pick<HandoffSettings, 'message' | 'businessHours'>, now = new Date()): string {
  if (withinBusinessHours(settings.businessHours, now)) return settings.message;
  return `${settings.message}\n\nNossa equipe está fora do horário de atendimento agora e responde a partir de ${nextOpening(settings.businessHours!, now)}.`;
}

/** The inbox's live events (GET /api/inbox/events, SSE): what changed, the client reloads what it shows. */
export const inboxEventSchema = z.object({
  conversationId: z.string(),
  agentId: z.string(),
  /** message: a message was stored; state: the conversation changed hands; read: the team opened it. */
  kind: z.enum(['message', 'state', 'read']),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;
