import { randomUUID } from 'node:crypto';
import {
  TAUGHT_ANSWERS_MAX,
  type TaughtAnswer,
  type TaughtAnswerInput,
  type TaughtAnswerPatch,
} from '@atende/shared';
import { and, arrayOverlaps, count, desc, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import type { Notifier } from '../db/notify';
import { taughtAnswers } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { flatTerms, isParaphrase, questionParts, questionTerms, similarity, type QuestionTerms } from './question-terms';

type Row = typeof taughtAnswers.$inferSelect;

/** What the chat runtime needs of a taught answer. */
export interface TaughtAnswerMatch {
  id: string;
  question: string;
  answer: string;
}

export interface TaughtCandidate extends TaughtAnswerMatch {
  variants: string[];
}

const answerNotFound = () =>
  notFound('Taught answer');

const toDto = (row: Row): TaughtAnswer => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  variants: row.variants,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The terms a question and its variants are found by (stored for the candidate filter). */
function storedTerms(question: string, variants: string[]): string[] {
  return [...new Set([question, ...variants].flatMap((q) => flatTerms(questionTerms(q))))];
}

function requireTerms(question: string) {
  if (questionTerms(question).length === 0) {
    throw new AppError('VALIDATION_FAILED', 'The question has no searchable words', {
      userMessage: 'Escreva a pergunta com as palavras do assunto, por exemplo: "Vocês entregam em Campinas?"',
      details: { question: ['A pergunta precisa dizer do que se trata.'] },
    });
  }
}

/** Another taught answer of the agent for the same question (or a paraphrase), if any. */
async function sameQuestion(db: Db, agentId: string, question: string, exceptId?: string): Promise<Row | undefined> {
  const terms = questionTerms(question);
  const rows = await db
    .select()
    .from(taughtAnswers)
    .where(and(eq(taughtAnswers.agentId, agentId), arrayOverlaps(taughtAnswers.terms, flatTerms(terms))));
  return rows.find((r) => r.id !== exceptId && isParaphrase(terms, questionTerms(r.question)));
}

function duplicate(existing: Row): AppError {
  return new AppError('CONFLICT', 'A taught answer for this question exists', {
    userMessage: `Você já ensinou uma resposta para essa pergunta ("${existing.question}"). Edite essa resposta em vez de criar outra.`,
  });
}

export async function listTaughtAnswers(db: Db, agentId: string): Promise<TaughtAnswer[]> {
  const rows = await db.select().from(taughtAnswers).where(eq(taughtAnswers.agentId, agentId)).orderBy(desc(taughtAnswers.createdAt));
  return rows.map(toDto);
}

export async function createTaughtAnswer(db: Db, agentId: string, input: TaughtAnswerInput): Promise<TaughtAnswer> {
  requireTerms(input.question);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(taughtAnswers).where(eq(taughtAnswers.agentId, agentId));
  if (n >= TAUGHT_ANSWERS_MAX) {
    throw new AppError('PLAN_LIMIT_REACHED', `An agent keeps at most ${TAUGHT_ANSWERS_MAX} taught answers`, {
      userMessage: `Este agente já tem ${TAUGHT_ANSWERS_MAX} respostas ensinadas. Apague as que não servem mais para ensinar outras.`,
    });
  }
  const existing = await sameQuestion(db, agentId, input.question);
  if (existing) throw duplicate(existing);
  const variants = distinctVariants(input.question, input.variants ?? []);
  const [row] = await db
    .insert(taughtAnswers)
    .values({ id: randomUUID(), agentId, question: input.question, answer: input.answer, variants, terms: storedTerms(input.question, variants) })
    .returning();
  return toDto(row!);
}

export async function updateTaughtAnswer(db: Db, agentId: string, id: string, patch: TaughtAnswerPatch): Promise<TaughtAnswer> {
  const [current] = await db.select().from(taughtAnswers).where(and(eq(taughtAnswers.id, id), eq(taughtAnswers.agentId, agentId)));
  if (!current) throw answerNotFound();
  const question = patch.question ?? current.question;
  if (patch.question !== undefined) {
    requireTerms(question);
    const existing = await sameQuestion(db, agentId, question, id);
    if (existing) throw duplicate(existing);
  }
  const [row] = await db
    .update(taughtAnswers)
    .set({ question, answer: patch.answer ?? current.answer, terms: storedTerms(question, current.variants) })
    .where(and(eq(taughtAnswers.id, id), eq(taughtAnswers.agentId, agentId)))
    .returning();
  if (!row) throw answerNotFound();
  return toDto(row);
}

export async function deleteTaughtAnswer(db: Db, agentId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(taughtAnswers)
    .where(and(eq(taughtAnswers.id, id), eq(taughtAnswers.agentId, agentId)))
    .returning({ id: taughtAnswers.id });
  if (deleted.length === 0) throw answerNotFound();
}

/** The variants worth keeping: distinct wordings that are not the question itself. */
function distinctVariants(question: string, variants: string[]): string[] {
  const seen = new Set([question.toLowerCase()]);
  return variants.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Looks up, in a chat turn, the taught answer for a customer's message; told when an agent's answers change. */
export interface TaughtAnswerIndex {
  find(agentId: string, message: string): Promise<TaughtAnswerMatch | null>;
  /** After a write: this instance forgets the agent's answers at once, the others when the notice reaches them. */
  changed(agentId: string): Promise<void>;
}

/** How long an agent's answers are trusted without a notice (a notice lost with a dropped connection heals by then). */
const INDEX_TTL_MS = 60_000;
/** Agents whose answers are kept in memory, the least recently asked dropped first (at most a few hundred KB each). */
const INDEX_MAX_AGENTS = 500;
const CHANGED = 'taught-answers';

/**
 * The chat runtime's lookup (issue 17: at most ~2 ms a turn): each agent's taught answers are read once and kept in
 * memory with the analysis of their wordings, so a turn costs the matching alone, not a query. A write anywhere
 * (any instance) is announced through the notifier and drops that agent's copy everywhere; the copy also expires
 * after a minute, so a lost notice cannot keep an old answer for long.
 */
export function createTaughtAnswerIndex(db: Db, notifier?: Notifier): TaughtAnswerIndex {
  // The least recently used agent's copy goes first past INDEX_MAX_AGENTS; any copy is read again after INDEX_TTL_MS.
  const agents = new LRUCache<string, Promise<TaughtCandidate[]>>({ max: INDEX_MAX_AGENTS, ttl: INDEX_TTL_MS });
  void notifier?.listen((notice) => {
    if (notice.type === CHANGED && notice.agentId) agents.delete(notice.agentId);
  });
  const candidatesOf = (agentId: string): Promise<TaughtCandidate[]> => {
    const kept = agents.get(agentId);
    if (kept) return kept;
    const candidates = Promise.resolve(
      db
        .select({ id: taughtAnswers.id, question: taughtAnswers.question, answer: taughtAnswers.answer, variants: taughtAnswers.variants })
        .from(taughtAnswers)
        .where(eq(taughtAnswers.agentId, agentId)),
    );
    agents.set(agentId, candidates);
    // A failed read is not kept: the next turn reads again.
    candidates.catch(() => agents.peek(agentId) === candidates && agents.delete(agentId));
    return candidates;
  };
  return {
    async find(agentId, message) {
      const candidates = await candidatesOf(agentId);
      // Most agents have taught nothing: their turns skip the message's analysis.
      if (candidates.length === 0) return null;
      const asked = askedTerms(message);
      return asked.length === 0 ? null : bestMatch(asked, candidates);
    },
    async changed(agentId) {
      agents.delete(agentId);
      await notifier?.notify({ type: CHANGED, agentId });
    },
  };
}

/** The terms of the whole message and, when it asks several things, of each of its questions. */
function askedTerms(message: string): QuestionTerms[] {
  return [message, ...questionParts(message)].map(questionTerms).filter((t) => t.length > 0);
}

/**
 * The candidate whose question, or one of the customers' wordings of it, the message (or one of its questions)
 * is a paraphrase of; the most alike wins.
 */
export function matchTaughtAnswer(message: string, candidates: TaughtCandidate[]): TaughtAnswerMatch | null {
  return bestMatch(askedTerms(message), candidates);
}

/**
 * The terms of taught wordings, kept between turns: every turn compares the message with the same few hundred
 * questions, and their analysis (stemming) is most of a turn's matching time. Bounded; cleared when full.
 */
const WORDING_CACHE_MAX = 20_000;
const wordingTerms = new Map<string, QuestionTerms>();
function termsOfWording(wording: string): QuestionTerms {
  let terms = wordingTerms.get(wording);
  if (!terms) {
    if (wordingTerms.size >= WORDING_CACHE_MAX) wordingTerms.clear();
    terms = questionTerms(wording);
    wordingTerms.set(wording, terms);
  }
  return terms;
}

function bestMatch(asked: QuestionTerms[], candidates: TaughtCandidate[]): TaughtAnswerMatch | null {
  let best: { match: TaughtAnswerMatch; score: number } | null = null;
  for (const candidate of candidates) {
    for (const wording of [candidate.question, ...candidate.variants]) {
      const taught = termsOfWording(wording);
      for (const terms of asked) {
        if (!isParaphrase(terms, taught)) continue;
        const score = similarity(terms, taught);
        if (!best || score > best.score) {
          best = { match: { id: candidate.id, question: candidate.question, answer: candidate.answer }, score };
        }
      }
    }
  }
  return best?.match ?? null;
}
