// The data and the knowledge of the answer evaluation (bench/answers.ts) and of the training of the answerer's
// learned ranking and abstention (bench/train-answers.ts): FaQuAD's documents and the merchant's files stored as
// an agent's knowledge (real parsing, splitting and storage, PGlite in memory), and the questions of each set.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { offlineResponder } from '../../apps/server/src/chat/offline';
import type { ChatRuntime, runTurn } from '../../apps/server/src/chat/runtime';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { agents, files, user } from '../../apps/server/src/db/schema';
import { MIME_BY_KIND, readPassages, type FileKind } from '../../apps/server/src/knowledge/parsers';
import { lexemeSet } from '../../apps/server/src/knowledge/text-search';
import { storePassages } from '../../apps/server/src/knowledge/passages';
import { createRetriever } from '../../apps/server/src/knowledge/retrieval';
import { VectorIndex } from '../../apps/server/src/knowledge/vectors';
import { MERCHANT, type EvalFile } from './answers-merchant';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

/** FaQuAD documents kept out of the knowledge: their questions are the unanswerable ones. */
export const HELD_OUT = ['COMPUTADOR', 'MEC', 'FAPDF', 'PROFESSOR', 'MONITORIA_DE_ENSINO'];

interface FaquadDoc {
  title: string;
  paragraphs: Array<{ context: string; qas: Array<{ id: string; question: string; answers: string[] }> }>;
}

/** One question of the evaluation and what a good reply does. */
export interface Case {
  set: string;
  question: string;
  /** Gold answers: one must appear in the reply. Empty: the knowledge does not answer it. */
  answers: string[];
  /** The paragraph (or row) the answer comes from: the reply must quote text of it. */
  gold?: string;
  /** The customer asks for a calculation: the calculator is right here. */
  calculation?: boolean;
  /**
   * How a gold answer is found in the reply: as written (FaQuAD's answers are spans of the text), or by its words
   * (Pirá's are free text written by people: most of the answer's words, stemmed, must be in the reply).
   */
  answerMatch?: 'span' | 'words';
}

/** Pirá texts kept out of the knowledge: every fifth (WOA-05, WOA-10, …); their questions are unanswerable ones. */
export const PIRA_HELD_OUT_EVERY = 5;

interface PiraData {
  texts: Array<{ id: string; text: string }>;
  questions: Array<{ id: string; question: string; answers: string[]; text: string; unanswerable: boolean }>;
}

export const norm = (s: string) =>
  s
    .normalize('NFC')
    .toLowerCase()
    .replace(/[*_>`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s.,;:!?"'()]+|[\s.,;:!?"'()]+$/g, '');

/** Share of a free-text gold answer's words (stemmed, stop words left out) the reply must have (answerMatch 'words'). */
export const ANSWER_WORDS = 0.6;

/** Whether the reply holds one of the case's gold answers (see Case.answerMatch). */
export function answerFound(c: Case, reply: string): boolean {
  if (c.answerMatch !== 'words') return c.answers.some((a) => norm(reply).includes(norm(a)));
  const have = lexemeSet(reply);
  return c.answers.some((a) => {
    const want = [...lexemeSet(a)];
    return want.length > 0 && want.filter((l) => have.has(l)).length / want.length >= ANSWER_WORDS;
  });
}

/** The two halves of FaQuAD, by question id (a stable, content-blind split). */
export function half(id: string): string {
  return parseInt(id.slice(-2), 16) % 2 === 0 ? 'faquad:tuning' : 'faquad:held-out';
}

export type AgentRow = Parameters<typeof runTurn>[1]['agent'];

/** The evaluation's database, runtime, agents (FaQuAD's knowledge, the bakery's) and FaQuAD's questions. */
export async function setupEval() {
  const database = await openDatabase({ kind: 'pglite' });
  const vectors = new VectorIndex(database, logger);
  await database.exclusive(() => database.migrate());
  const db = database.db;
  const runtime: ChatRuntime = {
    db,
    responder: offlineResponder,
    retriever: createRetriever({ db, embedder: null, vectors, logger }),
    logger,
  };
  const userId = 'eval-answers';
  await db.insert(user).values({ id: userId, name: 'Avaliação', email: 'eval-answers@bench.example.com' });

  const faquad = JSON.parse(readFileSync(path.join(ROOT, 'bench/datasets/faquad/faquad.json'), 'utf8')) as { data: FaquadDoc[] };
  const known = faquad.data.filter((d) => !HELD_OUT.includes(d.title));
  const unknown = faquad.data.filter((d) => HELD_OUT.includes(d.title));
  const faquadFiles: EvalFile[] = known.map((d) => ({
    name: `${d.title}.txt`,
    kind: 'txt',
    bytes: () => new TextEncoder().encode(d.paragraphs.map((p) => p.context).join('\n\n')),
  }));
  const faquadAgent = await seedAgent(db, userId, 'FaQuAD', faquadFiles, vectors);
  const knowledgeText = norm(known.flatMap((d) => d.paragraphs.map((p) => p.context)).join(' '));

  const faquadCases: Case[] = [];
  let leftOut = 0;
  for (const d of known) {
    for (const p of d.paragraphs) {
      for (const qa of p.qas) faquadCases.push({ set: half(qa.id), question: qa.question, answers: qa.answers, gold: p.context });
    }
  }
  for (const d of unknown) {
    for (const p of d.paragraphs) {
      for (const qa of p.qas) {
        // Answerable after all when its answer is written in the knowledge: not counted either way.
        if (qa.answers.some((a) => norm(a).length >= 4 && knowledgeText.includes(norm(a)))) leftOut++;
        else faquadCases.push({ set: half(qa.id), question: qa.question, answers: [] });
      }
    }
  }
  const merchantAgent = await seedAgent(db, userId, 'Padaria', MERCHANT.files, vectors);

  // Pirá (bench/datasets/pira): a second public set, never tuned on.
  const pira = JSON.parse(readFileSync(path.join(ROOT, 'bench/datasets/pira/pira-woa.json'), 'utf8')) as PiraData;
  const piraKnown = new Set(pira.texts.filter((_, i) => (i + 1) % PIRA_HELD_OUT_EVERY !== 0).map((t) => t.id));
  const piraAgent = await seedAgent(
    db,
    userId,
    'Pira',
    pira.texts
      .filter((t) => piraKnown.has(t.id))
      .map((t) => ({ name: `${t.id}.txt`, kind: 'txt' as const, bytes: () => new TextEncoder().encode(t.text) })),
    vectors,
  );
  const texts = new Map(pira.texts.map((t) => [t.id, t.text]));
  const piraCases: Case[] = [];
  let piraLeftOut = 0;
  for (const q of pira.questions) {
    if (!piraKnown.has(q.text)) piraCases.push({ set: 'pira', question: q.question, answers: [] });
    // The annotators found no answer in its own text: neither answerable nor surely unanswerable here.
    else if (q.unanswerable) piraLeftOut++;
    else piraCases.push({ set: 'pira', question: q.question, answers: q.answers, gold: texts.get(q.text), answerMatch: 'words' });
  }
  return {
    database,
    runtime,
    faquadAgent,
    merchantAgent,
    faquadCases,
    knownDocuments: known.length,
    leftOut,
    piraAgent,
    piraCases,
    pira: { texts: pira.texts.length, knownTexts: piraKnown.size, leftOut: piraLeftOut },
  };
}

async function seedAgent(db: Db, userId: string, name: string, sources: EvalFile[], vectors: VectorIndex): Promise<AgentRow> {
  const id = `eval-${name.toLowerCase()}`;
  await db.insert(agents).values({
    id,
    userId,
    name,
    webhookId: `wh-${id}`,
    storageWebhookId: `upload-archive-${id}`,
    systemMessage: 'Você é o atendente virtual da loja.',
  });
  for (const f of sources) {
    const bytes = f.bytes();
    const fileId = randomUUID();
    await db.insert(files).values({
      id: fileId,
      agentId: id,
      userId,
      filename: f.name,
      path: `${userId}/${id}/${fileId}-${f.name}`,
      size: bytes.byteLength,
      mimeType: MIME_BY_KIND[f.kind as FileKind],
      kind: f.kind as FileKind,
      status: 'processing',
    });
    const source = { agentId: id, userId, sourceType: 'file' as const, sourceId: fileId, sourceName: f.name };
    await storePassages({ db, vectors }, source, readPassages({ bytes, kind: f.kind as FileKind, filename: f.name }), null);
  }
  return { id, userId, name, systemMessage: 'Você é o atendente virtual da loja.', lastError: null };
}

