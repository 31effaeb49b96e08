import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agents } from '../db/schema';
import { SYSTEM_USER_ID } from './system-account';

export const SUPPORT_AGENT_ID = 'atende-support';
/** Stable public id: /public-chat/atende-suporte is the same on every installation. */
export const SUPPORT_WEBHOOK_ID = 'atende-suporte';
export const SUPPORT_AGENT_NAME = 'Atendimento Atende';

export const SUPPORT_PERSONALITY = [
  'Você é o Atendimento Atende, o assistente virtual do Atende, a plataforma brasileira para criar agentes de IA de atendimento ao cliente.',
  'Ajude visitantes e clientes com simpatia e objetividade: explique o que o Atende faz, como começar, os planos e preços, os arquivos aceitos, o WhatsApp, o modo offline e a proteção de dados.',
  'Use somente as informações da base de conhecimento. Nunca invente preços, prazos ou recursos; quando não souber, diga isso com honestidade e indique o e-mail contato@atende.app.',
  'Responda em português do Brasil, em poucas frases, e convide a pessoa a começar pela página de planos quando fizer sentido.',
].join('\n\n');

/** Creates the support agent, or brings its name and personality up to date (active, owned by the system account). */
export async function ensureSupportAgent(db: Db): Promise<void> {
  const values = { name: SUPPORT_AGENT_NAME, systemMessage: SUPPORT_PERSONALITY, active: true };
  await db
    .insert(agents)
    .values({
      id: SUPPORT_AGENT_ID,
      userId: SYSTEM_USER_ID,
      webhookId: SUPPORT_WEBHOOK_ID,
      storageWebhookId: `${SUPPORT_AGENT_ID}-storage`,
      ...values,
    })
    .onConflictDoUpdate({ target: agents.id, set: { ...values, updatedAt: sql`now()` } });
}

/** The support agent's public webhook id, or null when it does not exist (e.g. the bootstrap was skipped). */
export async function supportWebhookId(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ webhookId: agents.webhookId })
    .from(agents)
    .where(and(eq(agents.id, SUPPORT_AGENT_ID), eq(agents.userId, SYSTEM_USER_ID), eq(agents.active, true)));
  return row?.webhookId ?? null;
}
