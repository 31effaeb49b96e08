import { resolvePlan, WHATSAPP_TEXT_MAX, type Plan } from '@atende/shared';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { appendAssistantMessage, appendUserMessage, sessionConversation } from '../../chat/conversations';
import { handoffColumns, notifyInbox } from '../../chat/handoff';
import { QUOTA_NOTICE, runTurn, type ChatRuntime, type TurnRequest } from '../../chat/runtime';
import { agents, conversations, messages, profiles, whatsappConfigs, whatsappMessages } from '../../db/schema';
import type { JobQueue, QueueDefinition } from '../../jobs/queue';
import type { Deliveries } from './delivery';
import { classifyGraphError, GraphError, type GraphClient, type GraphFailure } from './graph-client';
import { type CredentialBox, KeyedLock, splitMessage } from '../core';
import { APOLOGY_NOTICE, captionNotice, configurationProblem, TEXT_ONLY_NOTICE, verificationErrors } from './messages';
import type { InboundMessage, Sender } from './payload';
import { toWhatsAppText } from './text';

export const WHATSAPP_INBOUND = 'whatsapp-inbound';
export const WHATSAPP_SEND = 'whatsapp-send';

export const whatsappQueues: QueueDefinition[] = [
  // Retries only recover from crashes: a turn is not repeated after the AI provider fails (the customer gets an apology).
  { name: WHATSAPP_INBOUND, retryLimit: 2, heartbeatSeconds: 30 },
  // Rate limits (130429, 131056, 80007…) and network failures: exponential backoff from 5 s, for about 10 minutes.
  { name: WHATSAPP_SEND, retryLimit: 7, heartbeatSeconds: 10 },
];

/** Customers answered at once per process (each turn waits on the model). */
export const INBOUND_WORKERS = 4;
/** Delay before a rate-limited part is tried again from the send queue. */
const RETRY_AFTER_SECONDS = 2;

export interface InboundJob {
  agentId: string;
  message: InboundMessage;
}

/** The parts of one answer (or team message) still to deliver, from `index` on, in order. */
export interface SendJob {
  agentId: string;
  /**
   * The customer's message being answered (its wamid: its delivery state lives in whatsapp_messages), or the
   * team's stored message sent from the inbox (no such row: its outcome is logged).
   */
  messageId: string;
  to: Sender;
  parts: string[];
  index: number;
  /** The customer's conversation the parts go to (null or absent: a notice to the owner's own number). */
  conversationId?: string | null;
  /** The stored messages (messages.id) the parts carry: each sent part's wamid is stored with them (delivery.ts). */
  messageIds?: string[];
}

/** What the agent says to a customer's message, and the stored messages it is (their delivery is followed). */
interface Reply {
  text: string;
  conversationId: string | null;
  messageIds: string[];
}

type Attempt = { retryCount: number; retryLimit: number };

interface Target {
  agent: TurnRequest['agent'];
  /** The account's plan, read with the agent (a turn needs it for the quota). */
  plan: Plan;
  phoneNumberId: string;
  token: string;
  configError: string | null;
}

export interface WorkerDeps {
  jobs: JobQueue;
  graph: GraphClient;
  secrets: CredentialBox;
  runtime: ChatRuntime;
  deliveries: Deliveries;
}

/**
 * The background side of the channel: an inbound message is marked as read
 * (typing indicator), run through the agent (memory keyed by the customer's
 * WhatsApp id), and the answer delivered in parts of at most 4,096 characters.
 * Delivery that hits a rate limit continues from the failed part in the send
 * queue, so a retry never repeats the turn or a part already delivered.
 */
export function createWhatsAppWorker(deps: WorkerDeps) {
  const { jobs, graph, runtime, deliveries } = deps;
  const { db } = runtime;
  const log = runtime.logger.child({ module: 'whatsapp' });
  const lock = new KeyedLock();

  const setStatus = (messageId: string, status: 'answered' | 'failed' | 'ignored', error: string | null = null) =>
    db.update(whatsappMessages).set({ status, error }).where(eq(whatsappMessages.messageId, messageId));

  /**
   * Moves the message from 'received' to 'sending' (compare-and-set): only one
   * attempt may deliver an answer. A retry that finds 'sending' knows delivery
   * began before a crash, a lost heartbeat or a database error, and must not send again.
   */
  async function claimDelivery(messageId: string): Promise<boolean> {
    const claimed = await db
      .update(whatsappMessages)
      .set({ status: 'sending' })
      .where(and(eq(whatsappMessages.messageId, messageId), eq(whatsappMessages.status, 'received')))
      .returning({ id: whatsappMessages.messageId });
    return claimed.length === 1;
  }

  /** The active agent with its decrypted credentials, or null (deactivated, unconfigured, unreadable). */
  async function loadTarget(agentId: string): Promise<Target | null> {
    const [row] = await db
      .select({
        agent: {
          id: agents.id,
          userId: agents.userId,
          name: agents.name,
          systemMessage: agents.systemMessage,
          lastError: agents.lastError,
          knowledgeVersion: agents.knowledgeVersion,
          ...handoffColumns,
        },
        active: agents.active,
        phoneNumberId: whatsappConfigs.phoneNumberId,
        tokenEncrypted: whatsappConfigs.metaTokenEncrypted,
        configError: whatsappConfigs.lastError,
        plan: profiles.plan,
      })
      .from(agents)
      .innerJoin(whatsappConfigs, eq(whatsappConfigs.agentId, agents.id))
      .leftJoin(profiles, eq(profiles.id, agents.userId))
      .where(eq(agents.id, agentId));
    if (!row?.active) return null;
    try {
      return { ...row, plan: resolvePlan(row.plan), token: deps.secrets.decrypt(row.tokenEncrypted, agentId) };
    } catch (err) {
      log.error({ err, agentId }, 'stored WhatsApp token cannot be decrypted');
      await recordProblem(agentId, verificationErrors.unreadable);
      return null;
    }
  }

  async function recordProblem(agentId: string, reason: string | null) {
    await db
      .update(whatsappConfigs)
      .set({ lastError: reason === null ? null : configurationProblem(reason) })
      .where(eq(whatsappConfigs.agentId, agentId));
  }

  /** A Graph call failed for good: record why, and flag the configuration when the merchant must act. */
  async function fail(target: Target, messageId: string, failure: GraphFailure, err: unknown) {
    const code = err instanceof GraphError ? err.code : null;
    const context = { agentId: target.agent.id, messageId, code };
    if (failure === 'credentials') {
      log.warn(context, 'WhatsApp credentials refused by the Graph API');
      await recordProblem(target.agent.id, code === 190 ? verificationErrors.token : verificationErrors.permission);
    } else if (failure === 'window') {
      log.warn(context, 'customer outside the 24-hour window: reply not sent');
    } else {
      log.error({ ...context, err }, 'WhatsApp reply could not be delivered');
    }
    const reason = failure === 'window' ? 'outside the 24-hour customer service window' : err instanceof Error ? err.message : String(err);
    await setStatus(messageId, 'failed', reason.slice(0, 500));
  }

  /** The last assistant messages of the customer's conversation, newest first. */
  async function lastAnswers(agentId: string, sessionId: string, limit: number): Promise<string[]> {
    // The conversation by a subquery, then its messages newest first by its index (joined, all were read and sorted).
    const rows = await db
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.conversationId, sessionConversation(db, agentId, 'whatsapp', sessionId)), eq(messages.role, 'assistant')))
      .orderBy(desc(messages.seq))
      .limit(limit);
    return rows.map((r) => r.content);
  }

  /**
   * The agent's messages stored in answer to the customer's message `wamid` (the answer, and the handoff notice said
   * with it): those right after it in its conversation. The per-customer lock keeps another turn of this customer
   * from writing between them in this process.
   */
  async function answerOf(agentId: string, sessionId: string, wamid: string, text: string): Promise<Reply> {
    const [asked] = await db
      .select({ conversationId: messages.conversationId, seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.conversationId, sessionConversation(db, agentId, 'whatsapp', sessionId)), eq(messages.externalId, wamid)));
    if (!asked) return { text, conversationId: null, messageIds: [] };
    const after = await db
      .select({ id: messages.id, role: messages.role })
      .from(messages)
      .where(and(eq(messages.conversationId, asked.conversationId), gt(messages.seq, asked.seq)))
      .orderBy(asc(messages.seq))
      .limit(4);
    const stop = after.findIndex((m) => m.role !== 'assistant');
    const answer = stop === -1 ? after : after.slice(0, stop);
    return { text, conversationId: asked.conversationId, messageIds: answer.map((m) => m.id) };
  }

  /** The answer to send, or null when nothing should be sent (the same notice was the last thing we said). */
  async function compose(target: Target, message: InboundMessage): Promise<Reply | null> {
    const { agent } = target;
    const sessionId = message.from.id;
    if (message.content.kind === 'unsupported') {
      const alreadyTold = (await lastAnswers(agent.id, sessionId, 1))[0] === TEXT_ONLY_NOTICE;
      const key = { agentId: agent.id, userId: agent.userId, channel: 'whatsapp' as const, sessionId, customerName: message.name ?? null };
      const conversationId = await appendUserMessage(db, key, `[${message.content.label}]`);
      await notifyInbox(runtime.notifier, { userId: agent.userId, agentId: agent.id, conversationId, kind: 'message' }).catch(() => {});
      // The team has the conversation (or is called): they see the media's label in the inbox; the agent says nothing.
      const [conversation] = await db.select({ state: conversations.state }).from(conversations).where(eq(conversations.id, conversationId));
      if (alreadyTold || conversation?.state !== 'bot') return null;
      const notice = await appendAssistantMessage(db, conversationId, TEXT_ONLY_NOTICE, 'notice');
      return { text: TEXT_ONLY_NOTICE, conversationId, messageIds: [notice.id] };
    }
    const { content } = message;
    if (content.kind !== 'text' && content.kind !== 'caption') return null;
    try {
      const turn = await runTurn(runtime, {
        agent,
        channel: 'whatsapp',
        sessionId,
        message: content.text,
        plan: target.plan,
        externalId: message.id,
        ...(message.name && { customerName: message.name }),
        ...(content.kind === 'caption' && { transcript: `[${content.label}] ${content.text}`, preface: captionNotice(content.label) }),
      });
      // The conversation is with the team: the message is stored and shown in the inbox, the agent stays silent.
      if (turn.silent) return null;
      // The quota notice goes out once; later messages of the same month are stored but not answered again.
      if (turn.quotaExceeded && (await lastAnswers(agent.id, sessionId, 2))[1] === QUOTA_NOTICE) return null;
      return await answerOf(agent.id, sessionId, message.id, turn.output);
    } catch (err) {
      // runTurn already logged it, refunded the quota and flagged the agent: apologise instead of redoing the turn.
      log.warn({ err, agentId: agent.id, messageId: message.id }, 'turn failed: apologising to the customer');
      return { text: APOLOGY_NOTICE, conversationId: null, messageIds: [] };
    }
  }

  /** Returns false when the credentials were refused (nothing else can work then). */
  async function markRead(target: Target, messageId: string): Promise<boolean> {
    try {
      await graph.markRead(target.token, target.phoneNumberId, messageId);
      return true;
    } catch (err) {
      const failure = classifyGraphError(err);
      if (failure === 'credentials') {
        await fail(target, messageId, failure, err);
        return false;
      }
      log.warn({ err, messageId }, 'could not mark the WhatsApp message as read');
      return true;
    }
  }

  /**
   * Sends the parts from job.index on. A retryable failure of the job's own
   * first part is thrown (the send queue retries it with backoff) unless this
   * is the last attempt; a later part is handed to a new send job, so parts
   * already delivered are never sent twice.
   */
  async function deliver(target: Target, job: SendJob, attempt: (Attempt & { queued: boolean }) | null) {
    const part = { agentId: target.agent.id, phoneNumberId: target.phoneNumberId, conversationId: job.conversationId ?? null, messageIds: job.messageIds ?? [] };
    for (let i = job.index; i < job.parts.length; i++) {
      let wamid: string | null;
      try {
        wamid = await graph.sendText(target.token, target.phoneNumberId, job.to, job.parts[i]!);
      } catch (err) {
        const failure = classifyGraphError(err);
        if (failure === 'retry') {
          const own = attempt?.queued && i === job.index;
          if (own && attempt.retryCount < attempt.retryLimit) throw err;
          if (!own) {
            log.warn({ messageId: job.messageId, part: i, code: err instanceof GraphError ? err.code : null }, 'WhatsApp send deferred');
            await jobs.send(WHATSAPP_SEND, { ...job, index: i }, { key: `${job.messageId}:${i}`, startAfterSeconds: RETRY_AFTER_SECONDS });
            return;
          }
        }
        await fail(target, job.messageId, failure, err);
        // The merchant sees it beside the message ('Não entregue'), as a failure Meta reports later.
        await deliveries
          .refused(part, err instanceof GraphError ? err.code : null, err instanceof Error ? err.message : String(err))
          .catch((error: unknown) => log.error({ err: error, messageId: job.messageId }, 'refused WhatsApp send not recorded'));
        return;
      }
      // The part is out: a failure to record it is logged, never retried (the customer would get the part twice).
      if (wamid) {
        await deliveries.sent(part, wamid).catch((err: unknown) => log.error({ err, messageId: job.messageId, wamid }, 'WhatsApp send not recorded'));
      }
    }
    await setStatus(job.messageId, 'answered');
    if (target.configError) await recordProblem(target.agent.id, null);
  }

  async function handleInbound(job: { data: InboundJob }) {
    const { agentId, message } = job.data;
    const [state] = await db.select({ status: whatsappMessages.status }).from(whatsappMessages).where(eq(whatsappMessages.messageId, message.id));
    if (state?.status === 'sending') return void (await abandonDelivery(message.id));
    if (state?.status !== 'received') return; // handled before a crash, or the agent was deleted
    const target = await loadTarget(agentId);
    if (!target) return void (await setStatus(message.id, 'ignored', 'agent inactive or WhatsApp not configured'));

    await lock.run(`${agentId}:${message.from.id}`, async () => {
      if (!(await markRead(target, message.id))) return;
      const reply = await compose(target, message);
      if (reply === null) return void (await setStatus(message.id, 'ignored', 'nothing to send (notice already sent, or the team has the conversation)'));
      if (!(await claimDelivery(message.id))) return; // another attempt of this job delivers (or delivered) it
      const parts = splitMessage(toWhatsAppText(reply.text), WHATSAPP_TEXT_MAX);
      const { conversationId, messageIds } = reply;
      await deliver(target, { agentId, messageId: message.id, to: message.from, parts, index: 0, conversationId, messageIds }, null);
    });
  }

  /**
   * Delivery of this answer was interrupted (the process died between claiming
   * it and recording the result): the customer may already have it, and the
   * Graph API has no idempotency key, so it is not sent again.
   */
  async function abandonDelivery(messageId: string) {
    log.warn({ messageId }, 'WhatsApp reply interrupted while sending: not repeated, so it is never sent twice');
    await db
      .update(whatsappMessages)
      .set({ status: 'failed', error: 'interrupted while sending; not repeated to avoid a duplicate reply' })
      .where(and(eq(whatsappMessages.messageId, messageId), eq(whatsappMessages.status, 'sending')));
  }

  async function handleSend(job: { data: SendJob } & Attempt) {
    const target = await loadTarget(job.data.agentId);
    if (!target) return void (await setStatus(job.data.messageId, 'failed', 'agent inactive or WhatsApp not configured'));
    await deliver(target, job.data, { queued: true, retryCount: job.retryCount, retryLimit: job.retryLimit });
  }

  return { handleInbound, handleSend };
}
