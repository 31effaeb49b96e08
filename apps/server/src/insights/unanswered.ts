import type { UnansweredGroup } from '@atende/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { taughtAnswers } from '../db/schema';
import { isParaphrase, questionTerms, type QuestionTerms } from '../learning/question-terms';

/*
 * 'Perguntas sem resposta': the customers' questions the agent could not answer from its knowledge — it said
 * so (the reply's outcome is `unanswered`), or the customer asked for a person right after an answer
 * (`insight_missed`, found by the rollup) — grouped when they are the same question in other words, with the
 * same terms that match taught answers (learning/question-terms.ts). A group a taught answer now answers is
 * left out: the merchant already taught it. Read live from the messages (the newest ones only), so a
 * question shows up, and goes once taught, at once.
 */

/** The newest questions read for the list: enough for a weekly look, bounded for a busy agent. */
export const UNANSWERED_SCAN = 400;
export const UNANSWERED_GROUPS_MAX = 50;
const VARIANTS_MAX = 10;
const CONVERSATIONS_MAX = 5;

interface AskedRow {
  id: string;
  content: string;
  asked_at: string | Date;
  conversation_id: string;
}

interface Group {
  terms: QuestionTerms;
  question: string;
  variants: string[];
  count: number;
  lastAskedAt: Date;
  conversations: Array<{ id: string; askedAt: string }>;
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/** The questions asked since `since`, newest first. */
async function askedQuestions(db: Db, agentId: string, since: Date): Promise<AskedRow[]> {
  const result = (await db.execute(sql`
    (
      with recent as (
        select a.conversation_id, a.seq from conversations c
        join messages a on a.conversation_id = c.id and a.outcome = 'unanswered'
        where c.agent_id = ${agentId} and c.channel <> 'test' and c.last_message_at >= ${since.toISOString()}::timestamptz
          and a.created_at >= ${since.toISOString()}::timestamptz
        order by a.created_at desc
        limit ${UNANSWERED_SCAN}
      )
      select q.id, q.content, q.created_at as asked_at, q.conversation_id
      from recent r
      join lateral (
        select m.id, m.content, m.created_at, m.conversation_id from messages m
        where m.conversation_id = r.conversation_id and m.seq < r.seq and m.role = 'user'
        order by m.seq desc limit 1
      ) q on true
    )
    union all
    (
      select m.id, m.content, i.asked_at, i.conversation_id
      from insight_missed i join messages m on m.id = i.message_id
      where i.agent_id = ${agentId} and i.asked_at >= ${since.toISOString()}::timestamptz
      order by i.asked_at desc
      limit ${UNANSWERED_SCAN / 4}
    )`)) as unknown as { rows: AskedRow[] };
  return result.rows.sort((a, b) => asDate(b.asked_at).getTime() - asDate(a.asked_at).getTime());
}

/** Groups questions (newest first) that are paraphrases of each other; questions without a subject are left out. */
export function groupQuestions(rows: Array<{ content: string; askedAt: Date; conversationId: string }>): Group[] {
  const groups: Group[] = [];
  for (const row of rows) {
    const terms = questionTerms(row.content);
    if (terms.length === 0) continue;
    const text = row.content.trim().replace(/\s+/g, ' ');
    const group = groups.find((g) => isParaphrase(terms, g.terms));
    if (!group) {
      groups.push({
        terms,
        question: text,
        variants: [text],
        count: 1,
        lastAskedAt: row.askedAt,
        conversations: [{ id: row.conversationId, askedAt: row.askedAt.toISOString() }],
      });
      continue;
    }
    group.count += 1;
    if (group.variants.length < VARIANTS_MAX && !group.variants.some((v) => v.toLowerCase() === text.toLowerCase())) group.variants.push(text);
    if (group.conversations.length < CONVERSATIONS_MAX && !group.conversations.some((c) => c.id === row.conversationId)) {
      group.conversations.push({ id: row.conversationId, askedAt: row.askedAt.toISOString() });
    }
  }
  return groups;
}

export async function unansweredQuestions(db: Db, agent: { id: string; name: string }, since: Date): Promise<UnansweredGroup[]> {
  const [rows, taught] = await Promise.all([
    askedQuestions(db, agent.id, since),
    db.select({ question: taughtAnswers.question, variants: taughtAnswers.variants }).from(taughtAnswers).where(eq(taughtAnswers.agentId, agent.id)),
  ]);
  const taughtTerms = taught.flatMap((t) => [t.question, ...t.variants].map(questionTerms));
  const groups = groupQuestions(rows.map((r) => ({ content: r.content, askedAt: asDate(r.asked_at), conversationId: r.conversation_id })));
  return groups
    .filter((g) => !g.variants.some((v) => taughtTerms.some((t) => isParaphrase(questionTerms(v), t))))
    .sort((a, b) => b.count - a.count || b.lastAskedAt.getTime() - a.lastAskedAt.getTime())
    .slice(0, UNANSWERED_GROUPS_MAX)
    .map((g) => ({
      question: g.question,
      variants: g.variants,
      count: g.count,
      lastAskedAt: g.lastAskedAt.toISOString(),
      conversations: g.conversations,
      agentId: agent.id,
      agentName: agent.name,
    }));
}
