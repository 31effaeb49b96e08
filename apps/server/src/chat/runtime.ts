import { asksForPerson, handoffMessageAt, quotaMonth, TEST_MESSAGES_PER_DAY, testDay, type Channel, type Plan } from '@atende/shared';
import { eq } from 'drizzle-orm';
import type { AgentRow } from '../agents/service';
import type { Db } from '../db/client';
import type { Notifier } from '../db/notify';
import { agents } from '../db/schema';
import { AppError } from '../lib/errors';
import type { Retriever } from '../knowledge/retrieval';
import type { Logger } from '../logger';
import { appendAssistantMessage, beginTurn, type AgentVersion } from './conversations';
import { handoffSettingsOf, notifyInbox, toWaiting, unansweredStreak, type HandoffColumn } from './handoff';
import { consumeTestMessage, refundMessage, refundTestMessage } from '../usage/quota';
import type { UsageNotices } from '../usage/notices';
import { recordRefusal, visitorLimitReached, type VisitorCount } from '../usage/web-chat-limits';
import { retrievalQuery } from './question';
import type { AnswerWrites } from './answer-writes';
import type { TurnWindows } from './turn-windows';
import type { Reply, Responder, TaughtAnswer } from './types';

export const QUOTA_NOTICE =
  'Olá! No momento não consigo responder por aqui, pois o limite de atendimentos deste mês foi atingido. Por favor, tente novamente mais tarde ou entre em contato com a empresa por outro canal. Obrigado pela compreensão!';

export interface ChatRuntime {
  db: Db;
  responder: Responder;
  retriever: Retriever;
  logger: Logger;
  /**
   * The merchant's taught answers (issue 17), looked up before retrieval: a match is handed to the responder,
   * which answers with it ahead of any passage. Absent: no taught answers.
   */
  taughtAnswers?: TaughtAnswerLookup;
  /** Tells the owner when the account nears or reaches its monthly quota, or the web chat first refuses a visitor today (absent: nobody is told). */
  notices?: Pick<UsageNotices, 'messageCounted' | 'webLimitReached'>;
  /** Tells the open inboxes of every instance that a conversation changed (absent: nobody is told). */
  notifier?: Notifier;
  /** Tells the owner that a customer waits for a person (e-mail, WhatsApp; inbox/notices.ts). */
  handoffs?: HandoffNotices;
  /** Agents that never hand over: the product's own support agent, whose account nobody signs in to. */
  neverHandsOver?: (agentId: string) => boolean;
  /** The memory windows of recent sessions, so a session's next turn need not read its own (absent: always read). */
  windows?: TurnWindows;
  /** Answers of concurrent turns written together (absent: each answer in a statement of its own). */
  answers?: AnswerWrites;
}

/** A conversation became `waiting`: the customer asked for a person, or the agent could not answer N times. */
export interface HandoffRequest {
  agentId: string;
  userId: string;
  conversationId: string;
  channel: Channel;
  reason: 'asked' | 'unanswered';
  /** The customer's last message. */
  message: string;
}

export interface HandoffNotices {
  /** Settles when the notice is sent or left out; never rejects (a failure is logged). The turn does not wait for it. */
  requested(request: HandoffRequest): Promise<void>;
}

export type TaughtAnswerLookup = (agentId: string, message: string) => Promise<TaughtAnswer | null>;

export interface TurnRequest {
  /** The agent's row as the channel read it (its handoff settings too: no second read in the turn). */
  agent: Pick<AgentRow, 'id' | 'userId' | 'name' | 'systemMessage' | 'lastError' | 'knowledgeVersion' | HandoffColumn>;
  channel: Channel;
  sessionId: string;
  message: string;
  onDelta?: (delta: string) => void;
  /** The account's plan (the channel reads it with the agent: one query less per turn). */
  plan: Plan;
  /** The channel's id of the customer message (WhatsApp wamid): makes a redone turn idempotent. */
  externalId?: string;
  /** The customer's name on the channel (WhatsApp profile name), kept on the conversation. */
  customerName?: string;
  /** What the transcript shows of the customer's message, when more than `message` ("[Imagem] quanto custa?"). */
  transcript?: string;
  /** A note of the channel put before the answer (what it could not read), stored and sent with it. */
  preface?: string;
  /**
   * The web chat's visitor: the message is first counted against the agent's daily limits per visitor and per
   * address (in the turn's first statement); refused, the turn fails with 429 (the owner is told of the day's first).
   */
  visitor?: VisitorCount;
  /**
   * The version of `agent` (and of the plan) the channel read, when it may be out of date (a cache): the turn starts
   * only if it is still current, else it fails with StaleAgent before anything is stored or counted.
   */
  agentVersion?: AgentVersion;
}

/** The agent or its plan changed since the channel read them (TurnRequest.agentVersion): nothing happened; read and retry. */
export class StaleAgent extends Error {
  constructor() {
    super('The agent changed since it was read');
    this.name = 'StaleAgent';
  }
}

export interface TurnResult {
  output: string;
  /** What the answer did (also stored on the message). */
  outcome: Reply['outcome'];
  quotaExceeded: boolean;
  /**
   * The agent stayed silent: the conversation is with the team (`human`) or waits for it (`waiting`). The customer's
   * message is stored (and shown in the inbox), not counted, and `output` is empty.
   */
  silent?: boolean;
  /** The conversation went to `waiting` in this turn (the customer asked for a person, or N unanswered replies). */
  handoff?: boolean;
}

/**
 * One chat turn, the same for every channel: count the message against the
 * account's quota (the test chat: against the daily test allowance) → store
 * the customer's message → load the memory window → retrieve knowledge → ask
 * the model → store the answer.
 */
export async function runTurn(rt: ChatRuntime, req: TurnRequest): Promise<TurnResult> {
  const { db } = rt;
  const { agent, plan } = req;
  const month = quotaMonth();
  // The owner's test chat draws on the daily test allowance, never on the customers' monthly quota.
  const test = req.channel === 'test';
  const day = testDay();
  if (test && !(await consumeTestMessage(db, agent.userId, day, TEST_MESSAGES_PER_DAY))) {
    throw new AppError('TEST_LIMIT_REACHED', `The daily test allowance (${TEST_MESSAGES_PER_DAY} messages) is used up`, {
      userMessage: `Você usou os ${TEST_MESSAGES_PER_DAY} testes de hoje. Eles renovam à meia-noite; seus clientes continuam sendo atendidos normalmente.`,
    });
  }
  const refund = () => (test ? refundTestMessage(db, agent.userId, day) : refundMessage(db, agent.userId, month));
  const customer = req.channel !== 'test';
  const stored = req.transcript ?? req.message;
  const start = await beginTurn(
    db,
    { agentId: agent.id, userId: agent.userId, channel: req.channel, sessionId: req.sessionId, customerName: req.customerName ?? null },
    stored,
    test ? null : { month, limit: plan.monthlyMessages },
    req.externalId ?? null,
    { visitor: req.visitor && { ...req.visitor, day }, agentVersion: req.agentVersion, known: rt.windows?.get(agent.id, req.channel, req.sessionId) },
  );
  if ('stale' in start) {
    if (test) await refundTestMessage(db, agent.userId, day);
    throw new StaleAgent();
  }
  if (start.refused) {
    if (await recordRefusal(db, agent.id, day)) rt.notices?.webLimitReached(agent.id);
    throw visitorLimitReached(start.refused);
  }
  const { conversationId, state, allowed, used, noticed, history } = start;

  const mayHandOver = customer && !rt.neverHandsOver?.(agent.id);
  const tellInbox = (kind: 'message' | 'state') =>
    customer ? notifyInbox(rt.notifier, { userId: agent.userId, agentId: agent.id, conversationId, kind }).catch((err: unknown) => rt.logger.warn({ err }, 'inbox not notified')) : undefined;
  // Not awaited: notices are batched (db/notify.ts), and the turn does not wait for the inbox.
  void tellInbox('message');
  if (state !== 'bot') {
    // The team has it (or is called): the message is stored and shown, never answered by the agent nor counted.
    if (used !== null) await refund();
    return { output: '', outcome: 'notice', quotaExceeded: false, silent: true };
  }
  if (used !== null) rt.notices?.messageCounted(agent.userId, month, used, plan.monthlyMessages, noticed ?? undefined);

  /** bot → waiting: the agent says the handoff message and the owner is told. Null when another turn did it first. */
  const handOff = async (reason: HandoffRequest['reason']): Promise<string | null> => {
    if (!(await toWaiting(db, conversationId))) return null;
    const text = handoffMessageAt(handoffSettingsOf(agent));
    await appendAssistantMessage(db, conversationId, text, 'notice');
    await tellInbox('state');
    void rt.handoffs?.requested({ agentId: agent.id, userId: agent.userId, conversationId, channel: req.channel, reason, message: stored });
    return text;
  };

  if (allowed && mayHandOver && asksForPerson(req.message)) {
    const text = await handOff('asked');
    if (text !== null) {
      req.onDelta?.(text);
      return { output: text, outcome: 'notice', quotaExceeded: false, handoff: true };
    }
  }
  if (!allowed) {
    rt.logger.warn({ agentId: agent.id, month }, 'monthly message quota exhausted');
    // Already over a new, smaller quota (a plan changed mid-month): the owner is told once all the same.
    if (!test && plan.monthlyMessages !== null) rt.notices?.messageCounted(agent.userId, month, plan.monthlyMessages, plan.monthlyMessages);
    await appendAssistantMessage(db, conversationId, QUOTA_NOTICE, 'notice');
    req.onDelta?.(QUOTA_NOTICE);
    return { output: QUOTA_NOTICE, outcome: 'notice', quotaExceeded: true };
  }

  const [taughtAnswer, passages] = await Promise.all([
    rt.taughtAnswers?.(agent.id, req.message) ?? null,
    // The knowledge as of the agent's version read by the channel (a cached agent was confirmed current by beginTurn).
    rt.retriever.search(agent.id, retrievalQuery(req.message, history.findLast((m) => m.role === 'user')?.content), rt.responder.candidates, agent.knowledgeVersion),
  ]);

  if (req.preface) req.onDelta?.(`${req.preface}\n\n`);
  let reply: Reply;
  try {
    reply = await rt.responder.respond({
      agentName: agent.name,
      systemMessage: agent.systemMessage,
      history,
      message: req.message,
      passages,
      taughtAnswer,
      onDelta: req.onDelta,
    });
  } catch (err) {
    rt.logger.error({ err, agentId: agent.id }, 'LLM provider failed');
    await refund();
    await recordAgentError(db, agent.id, 'O provedor de IA não respondeu na última tentativa. Verifique a configuração do provedor.');
    throw new AppError('UPSTREAM_FAILED', 'Chat service unavailable', {
      userMessage: 'O serviço de chat está indisponível no momento. Tente novamente em instantes.',
      cause: err,
    });
  }
  if (!reply.text.trim()) {
    await refund();
    throw new AppError('UPSTREAM_FAILED', 'No response received from chat service', {
      userMessage: 'Não recebemos resposta do serviço de chat. Tente novamente.',
    });
  }

  const output = req.preface ? `${req.preface}\n\n${reply.text}` : reply.text;
  const answer = rt.answers ? await rt.answers.write(conversationId, output, reply.outcome) : await appendAssistantMessage(db, conversationId, output, reply.outcome);
  rt.windows?.answered(agent.id, req.channel, req.sessionId, { ...start, message: stored }, { content: output, messageCount: answer.messageCount });
  if (agent.lastError) await recordAgentError(db, agent.id, null);
  void tellInbox('message');
  if (mayHandOver && reply.outcome === 'unanswered') {
    const { afterUnanswered } = handoffSettingsOf(agent);
    const text = (await unansweredStreak(db, conversationId, afterUnanswered)) ? await handOff('unanswered') : null;
    if (text !== null) {
      req.onDelta?.(`\n\n${text}`);
      return { output: `${output}\n\n${text}`, outcome: reply.outcome, quotaExceeded: false, handoff: true };
    }
  }
  return { output, outcome: reply.outcome, quotaExceeded: false };
}

async function recordAgentError(db: Db, agentId: string, error: string | null) {
  await db.update(agents).set({ lastError: error }).where(eq(agents.id, agentId));
}
