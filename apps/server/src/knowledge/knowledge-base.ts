import type { KnowledgeBase, KnowledgeBaseInput } from '@atende/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knowledgeBases, passages } from '../db/schema';
import { writePassages } from './passages';
import { preparePassages } from './prepare';
import { splitText } from './split';

export const KNOWLEDGE_SOURCE_NAME = 'Base de conhecimento';

export async function getKnowledgeBase(db: Db, agentId: string): Promise<KnowledgeBase> {
  const [row] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.agentId, agentId));
  return {
    companyName: row?.companyName ?? '',
    about: row?.about ?? '',
    links: row?.links ?? '',
    linksReport: row?.linksReport ?? null,
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
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
    await tx
      .delete(passages)
      .where(and(eq(passages.agentId, owner.agentId), eq(passages.sourceType, 'knowledge_base')));
    const source = { ...owner, sourceType: 'knowledge_base', sourceId: null, sourceName: KNOWLEDGE_SOURCE_NAME } as const;
    let position = 0;
    for (const batch of preparePassages(splitText(knowledgeText(input)))) {
      position += (await writePassages(tx, source, batch, position)).length;
    }
  });
  return getKnowledgeBase(db, owner.agentId);
}
