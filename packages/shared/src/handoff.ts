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
  /**
   * message: a message was stored; state: the conversation changed hands; read: the team opened it; erased: the
   * customer's data was erased (LGPD), the conversation is gone; delivery: WhatsApp could not deliver a message of
   * ours (its 'Não entregue' mark); receipt: a message of ours reached the customer's phone or was read ('Entregue',
   * 'Lida': only the conversation's delivery states changed).
   */
  kind: z.enum(['message', 'state', 'read', 'erased', 'delivery', 'receipt']),
});
export type InboxEvent = z.infer<typeof inboxEventSchema>;

/** Normalised for matching: lower case, no accents, single spaces. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const PERSON = String.raw`(atendente|atendimento humano|humano|humana|pessoa|pessoa real|pessoa de verdade|alguem (da|de) (equipe|loja|empresa|verdade)|alguem real|funcionari[oa]|vendedor[a]?|operador[a]?|gerente|dono|dona|responsavel|suporte humano)`;
/** "falar/conversar com …", "me passa para …", "chama um …", "quero um atendente", "tem alguém aí?". */
const ASKS_FOR_PERSON = [
  new RegExp(String.raw`\b(falar|fala|falo|conversar|converso|chamar|chama|chame|passa|passar|passe|transfere|transferir|transfira|encaminha|encaminhar|me coloca|coloca|quero|queria|preciso|gostaria|tem|teria|existe|atendid[oa] por)\b( \w+){0,4} (com |para |pra |pro |a |o |um |uma |algum |alguma |outro |outra )*${PERSON}\b`),
  new RegExp(String.raw`^(um |uma |o |a )?${PERSON}( por favor| pf| pfv)?$`),
  /^((oi|ola|ei) )?(tem |ha )?alguem (ai|ae|aqui)( por favor)?$|^((oi|ola|ei) )?(tem |ha )?alguem (ai |aqui )?(para|pra|que possa|pode) me atender\b/,
  /\b(nao quero|chega de|cansei de) (falar |conversar )?(com )?(um |o |a )?(robo|bot|maquina|ia|inteligencia artificial)\b/,
  /\b(voce|vc) (e|eh) (um )?(robo|bot)\b.*\b(quero|preciso)\b/,
];
/** Where "pessoa" means people being counted or served, not someone to talk to. */
const NOT_A_REQUEST = /\b(\d+|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|por) pessoas?\b|\bpara (uma|1) pessoa\b|\bpessoa (fisica|juridica)\b/;

/**
 * True when the customer asks to talk to a person ("quero falar com um atendente", "humano", "tem alguém aí?"…;
 * docs/product.md §10): the agent hands the conversation over, and the Painel counts it under 'Pediram uma pessoa'
 * (one recognizer for both, so the Painel counts what handed over).
 */
export function asksForPerson(text: string): boolean {
  const t = normalise(text);
  if (!t || t.length > 300) return false;
  if (NOT_A_REQUEST.test(t) && !/\b(atendente|humano)\b/.test(t)) return false;
  return ASKS_FOR_PERSON.some((pattern) => pattern.test(t));
}
