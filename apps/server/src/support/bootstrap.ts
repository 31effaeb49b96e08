import type { Db } from '../db/client';
import type { Ingestion } from '../knowledge/ingest';
import { getKnowledgeBase, saveKnowledgeBase } from '../knowledge/knowledge-base';
import type { Logger } from '../logger';
import { supportKnowledge } from './knowledge';
import { ensureSupportAgent, SUPPORT_AGENT_ID, SUPPORT_WEBHOOK_ID } from './support-agent';
import { ensureSystemAccount, SYSTEM_EMAIL, SYSTEM_USER_ID } from './system-account';

/**
 * At every start, idempotently: the system account, the product's own
 * support agent ('Atendimento Atende', answering on /public-chat/atende-suporte
 * and the landing page's 'Atendimento' button) and its knowledge, re-synced
 * from the code so plan and price changes reach it. Embeddings, when
 * configured, are computed in the background by the ingestion worker.
 */
export async function bootstrapSupportAgent(deps: { db: Db; ingestion: Pick<Ingestion, 'enqueueKnowledge'>; logger: Logger }) {
  const { db, logger } = deps;
  if (!(await ensureSystemAccount(db))) {
    logger.error({ email: SYSTEM_EMAIL }, 'the system e-mail belongs to another account: support agent not created');
    return;
  }
  await ensureSupportAgent(db);
  const knowledge = supportKnowledge();
  const current = await getKnowledgeBase(db, SUPPORT_AGENT_ID);
  if (current.about !== knowledge.about || current.companyName !== knowledge.companyName || current.links !== knowledge.links) {
    await saveKnowledgeBase(db, { userId: SYSTEM_USER_ID, agentId: SUPPORT_AGENT_ID }, knowledge);
    logger.info({ webhookId: SUPPORT_WEBHOOK_ID }, 'support agent knowledge updated');
  }
  await deps.ingestion.enqueueKnowledge(SUPPORT_AGENT_ID);
}
