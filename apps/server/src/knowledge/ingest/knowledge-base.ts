import { eq, inArray, sql } from 'drizzle-orm';
import { knowledgeBases, passages } from '../../db/schema';
import { analyseLinks } from '../links/extract';
import { contactSections } from '../links/contacts';
import { fetchPageText, LinkFetchError, type PageText } from '../links/fetch-page';
import { replaceLinkPassages, type LinkPage } from '../passages';
import { embedderOf, type IngestionDeps } from './deps';
import { preparePassages, textPassages } from './prepare';

/**
 * The knowledge base of an agent, after a save: its links are read (fetch → split → analyse) and swapped in
 * atomically, the text's passages (written by the save itself) get their embeddings, and the links' report
 * ('what could not be read') is stored for the dashboard.
 */
export async function indexKnowledge(deps: IngestionDeps, agentId: string): Promise<void> {
  const { db } = deps;
  const [kb] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.agentId, agentId));
  if (!kb) return;
  const { pages, problems } = await readLinks(deps, kb.links);
  // A page's header and footer contacts, each said once for the whole site, are its last passages (links/contacts.ts).
  const contacts = contactSections(pages);
  const linkPages = pages.map(
    (page, i): LinkPage => ({
      source: {
        agentId,
        userId: kb.userId,
        sourceType: 'link',
        sourceId: page.url,
        sourceName: page.title ? `${page.title} (${page.url})` : page.url,
      },
      batches: [...preparePassages([...textPassages(page.text), ...textPassages(contacts[i]!)])],
    }),
  );
  // New passages in, old ones out, in one transaction: retrieval never loses the links while they are re-read.
  await replaceLinkPassages(deps, agentId, linkPages, embedderOf(deps));
  await embedKnowledgeBase(deps, agentId);
  await db
    .update(knowledgeBases)
    .set({ linksReport: problems.length ? problems.join('\n') : null, linksRead: kb.links })
    .where(eq(knowledgeBases.agentId, agentId));
}

/**
 * Reads every link of the knowledge base. Each line that is not read becomes a line of the report (pt-BR), in the
 * order typed: a link that cannot be fetched, and whatever is not a link that may be read (extract.ts).
 */
async function readLinks(deps: IngestionDeps, links: string) {
  const problems: string[] = [];
  const pages: PageText[] = [];
  for (const entry of analyseLinks(links)) {
    if (entry.kind === 'skipped') {
      problems.push(`${entry.text}: ${entry.reason}`);
      continue;
    }
    if (entry.kind === 'more') {
      problems.push(entry.count === 1 ? 'Mais 1 linha também não foi lida.' : `Mais ${entry.count} linhas também não foram lidas.`);
      continue;
    }
    const url = entry.url;
    try {
      pages.push(await fetchPageText(url, { allowLoopbackLinks: deps.config.knowledge.allowLoopbackLinks }));
    } catch (err) {
      problems.push(`${url}: ${err instanceof LinkFetchError ? err.userMessage : 'não foi possível ler a página'}`);
    }
  }
  return { pages, problems };
}

/** Embeds the knowledge base text's passages that have no embedding yet (they are saved synchronously). */
async function embedKnowledgeBase(deps: IngestionDeps, agentId: string): Promise<void> {
  const { db } = deps;
  const embed = embedderOf(deps);
  if (!embed) return;
  const missing = (await db.execute(sql`
    select p.id, p.content from passages p
    where p.agent_id = ${agentId} and p.source_type = 'knowledge_base'
      and not exists (select 1 from passage_embeddings e where e.passage_id = p.id)`)) as unknown as {
    rows: Array<{ id: string; content: string }>;
  };
  if (missing.rows.length === 0) return;
  const embeddings = await embed(missing.rows.map((r) => r.content));
  const byId = new Map(missing.rows.map((r, i) => [r.id, embeddings[i]!]));
  await db.transaction(async (tx) => {
    // The text may have been saved again meanwhile: embed only the passages still there, locked until stored.
    const kept = await tx
      .select({ id: passages.id })
      .from(passages)
      .where(inArray(passages.id, [...byId.keys()]))
      .for('share');
    await deps.vectors.insert(
      tx,
      kept.map(({ id }) => ({ passageId: id, agentId, embedding: byId.get(id)! })),
    );
  });
}
