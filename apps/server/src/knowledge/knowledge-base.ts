import { COMPANY_NAME_MAX, type KnowledgeBase, type KnowledgeBaseInput } from '@atende/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { agents, knowledgeBases, profiles } from '../db/schema';
import { replaceKnowledgeBasePassages } from './passages';
import { preparePassages, textPassages } from './ingest/prepare';
import { markdownTables } from './parsers';

export const KNOWLEDGE_SOURCE_NAME = 'Base de conhecimento';

/**
 * The knowledge base as the owner edits it. Before the first save, the company name is the one given at
 * sign-up. `linksPending` is true while the saved links have not been read yet (the background job records
 * which links text it read); `linksReport` then still describes the previous reading.
 */
export async function getKnowledgeBase(db: Db, agentId: string): Promise<KnowledgeBase> {
  const [row] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.agentId, agentId));
  const links = row?.links ?? '';
  return {
    companyName: row ? row.companyName : await signUpCompany(db, agentId),
    about: row?.about ?? '',
    links,
    linksReport: row?.linksReport ?? null,
    linksPending: links !== '' && row?.linksRead !== links,
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** The company the agent's owner gave at sign-up ('' when none), cut to what the field takes. */
async function signUpCompany(db: Db, agentId: string): Promise<string> {
  const [owner] = await db
    .select({ company: profiles.company })
    .from(agents)
    .innerJoin(profiles, eq(profiles.id, agents.userId))
    .where(eq(agents.id, agentId));
  return owner?.company?.trim().slice(0, COMPANY_NAME_MAX) ?? '';
}

/** The text form as one document for indexing. */
export function knowledgeText(kb: KnowledgeBaseInput): string {
  return [
    kb.companyName && `Empresa: ${kb.companyName}`,
    kb.about,
    kb.links && `Links:\n${kb.links}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Saves the knowledge base and re-indexes its passages in one transaction. */
export async function saveKnowledgeBase(db: Db, owner: { userId: string; agentId: string }, input: KnowledgeBaseInput): Promise<KnowledgeBase> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(knowledgeBases)
      .values({ ...owner, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: knowledgeBases.agentId, set: { ...input, updatedAt: now } });
    const source = { ...owner, sourceType: 'knowledge_base', sourceId: null, sourceName: KNOWLEDGE_SOURCE_NAME } as const;
    await replaceKnowledgeBasePassages(tx, source, preparePassages(textPassages(markdownTables(knowledgeText(input)))));
  });
  return getKnowledgeBase(db, owner.agentId);
}
