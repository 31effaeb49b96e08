import { randomUUID } from 'node:crypto';
import { chatRoleLabels, type ChatRole, type CustomerErasure, type CustomerExport, type CustomerMatch, type CustomerRef } from '@atende/shared';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { notifyInbox } from '../chat/handoff';
import { customerLabel } from '../chat/session-keys';
import { CONVERSATION_ERASED } from '../chat/turn-windows';
import type { Db } from '../db/client';
import type { Notifier } from '../db/notify';
import { agents, conversations, customerErasures, messages, webChatCounters } from '../db/schema';
import { AppError } from '../lib/errors';
import { rollUpInsights } from './rollup';

/*
 * LGPD for the merchant's customers: find a customer's conversations (every agent of the account) by WhatsApp
 * number or by the visitor label the dashboard shows ('Visitante 3F9A2C': the start of the stored key of the
 * visitor's session, chat/session-keys.ts), export them as JSON, and erase them everywhere — conversations,
 * messages (and with them the missed questions the Painel found), today's per-visitor web chat counter. What
 * stays is counts without content: the account's usage, and the Painel's rolled-up days (brought up to date
 * first, so the erasure does not change the merchant's numbers). Each erasure is logged per agent, with the
 * number masked and never the content.
 */

type Channel = CustomerRef['channel'];

/** How a query names a customer: a WhatsApp number (digits) or a visitor label (6 hex digits). */
export function parseCustomerQuery(q: string): { channel: Channel; sessions: SQL; label: string } | null {
  const visitor = /^(?:visitante\s*)?([0-9a-f]{6})$/i.exec(q.trim());
  if (visitor) {
    const hex = visitor[1]!.toLowerCase();
    return { channel: 'web', sessions: sql`${conversations.sessionId} like ${`#${hex}%`}`, label: `Visitante ${hex.toUpperCase()}` };
  }
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 10 && digits.length <= 15 && /^[+\d\s().-]+$/.test(q.trim())) {
    // A Brazilian number written without the country code (DDD + number) is the same customer.
    const candidates = digits.length <= 11 && !digits.startsWith('55') ? [digits, `55${digits}`] : [digits];
    return { channel: 'whatsapp', sessions: inArray(conversations.sessionId, candidates), label: `+${candidates.at(-1)}` };
  }
  return null;
}

function requireQuery(q: string) {
  const parsed = parseCustomerQuery(q);
  if (!parsed) {
    throw new AppError('VALIDATION_FAILED', 'Not a WhatsApp number nor a visitor label', {
      userMessage: 'Digite o número do WhatsApp com DDD (ex.: 11 98765-4321) ou o código do visitante (ex.: Visitante 3F9A2C).',
      details: { q: ['Número do WhatsApp ou código do visitante.'] },
    });
  }
  return parsed;
}

/** The account's conversations with the customer a query names, grouped by customer (a label may name several visitors). */
async function matchingConversations(db: Db, userId: string, channel: Channel, sessions: SQL) {
  return db
    .select({
      id: conversations.id,
      agentId: conversations.agentId,
      agentName: agents.name,
      channel: conversations.channel,
      sessionId: conversations.sessionId,
      messageCount: conversations.messageCount,
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
    })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .where(and(eq(conversations.userId, userId), eq(conversations.channel, channel), sessions))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(500);
}

export async function findCustomers(db: Db, userId: string, q: string): Promise<CustomerMatch[]> {
  const { channel, sessions } = requireQuery(q);
  const rows = await matchingConversations(db, userId, channel, sessions);
  const byLabel = new Map<string, CustomerMatch>();
  for (const row of rows) {
    const label = customerLabel(row.channel, row.sessionId);
    const match = byLabel.get(label) ?? { channel, customerLabel: label, conversations: [] };
    match.conversations.push({
      id: row.id,
      agentId: row.agentId,
      agentName: row.agentName,
      createdAt: row.createdAt.toISOString(),
      lastMessageAt: row.lastMessageAt.toISOString(),
      messageCount: row.messageCount,
    });
    byLabel.set(label, match);
  }
  return [...byLabel.values()];
}

/** One customer exactly (the label as the search showed it), or a 404. */
async function customerConversations(db: Db, userId: string, ref: CustomerRef) {
  const parsed = requireQuery(ref.customerLabel);
  if (parsed.channel !== ref.channel) throw new AppError('NOT_FOUND', 'No such customer', { userMessage: 'Cliente não encontrado.' });
  const rows = (await matchingConversations(db, userId, parsed.channel, parsed.sessions)).filter(
    (r) => customerLabel(r.channel, r.sessionId) === parsed.label,
  );
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'No such customer', { userMessage: 'Nenhuma conversa encontrada para esse cliente.' });
  return { rows, label: parsed.label };
}

export async function exportCustomer(db: Db, userId: string, ref: CustomerRef): Promise<CustomerExport> {
  const { rows, label } = await customerConversations(db, userId, ref);
  const all = await db
    .select({ conversationId: messages.conversationId, role: messages.role, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(inArray(messages.conversationId, rows.map((r) => r.id)))
    .orderBy(asc(messages.seq));
  return {
    channel: ref.channel,
    customerLabel: label,
    exportedAt: new Date().toISOString(),
    conversations: [...rows].reverse().map((r) => ({
      id: r.id,
      agentName: r.agentName,
      startedAt: r.createdAt.toISOString(),
      messages: all
        .filter((m) => m.conversationId === r.id)
        .map((m) => ({ author: chatRoleLabels[m.role as ChatRole] ?? m.role, text: m.content, sentAt: m.createdAt.toISOString() })),
    })),
  };
}

/** '+5511*****4321': enough for the merchant to recognise the request in the log, not to contact the customer. */
export function maskLabel(label: string): string {
  if (!label.startsWith('+')) return label;
  const digits = label.slice(1);
  return `+${digits.slice(0, 4)}${'*'.repeat(Math.max(0, digits.length - 8))}${digits.slice(-4)}`;
}

export async function eraseCustomer(db: Db, userId: string, ref: CustomerRef, notifier?: Notifier): Promise<{ conversations: number; messages: number }> {
  const { rows, label } = await customerConversations(db, userId, ref);
  // The Painel's counts first: they keep what happened, without the content.
  await rollUpInsights(db, { settleMs: 0 });
  const ids = rows.map((r) => r.id);
  return db.transaction(async (tx) => {
    const counts = await tx
      .select({ conversationId: messages.conversationId, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .groupBy(messages.conversationId);
    const messagesOf = new Map(counts.map((c) => [c.conversationId, Number(c.n)]));
    const perAgent = new Map<string, { agentName: string; conversations: number; messages: number }>();
    for (const r of rows) {
      const entry = perAgent.get(r.agentId) ?? { agentName: r.agentName, conversations: 0, messages: 0 };
      entry.conversations += 1;
      entry.messages += messagesOf.get(r.id) ?? 0;
      perAgent.set(r.agentId, entry);
    }
    await tx.delete(conversations).where(and(eq(conversations.userId, userId), inArray(conversations.id, ids)));
    // What the chat keeps in memory of them goes too, on every instance, once this commits (chat/turn-windows.ts).
    for (const conversationId of ids) await notifier?.notify({ type: CONVERSATION_ERASED, conversationId }, tx);
    // And the open inboxes drop it (and what they showed of it) at once.
    for (const r of rows) await notifyInbox(notifier, { userId, agentId: r.agentId, conversationId: r.id, kind: 'erased' }, tx);
    if (ref.channel === 'web') {
      for (const r of rows) {
        await tx.delete(webChatCounters).where(and(eq(webChatCounters.agentId, r.agentId), eq(webChatCounters.key, `v:${r.sessionId}`)));
      }
    }
    await tx.insert(customerErasures).values(
      [...perAgent.entries()].map(([agentId, e]) => ({
        id: randomUUID(),
        userId,
        agentId,
        agentName: e.agentName,
        channel: ref.channel,
        customerLabel: maskLabel(label),
        conversations: e.conversations,
        messages: e.messages,
      })),
    );
    const total = [...perAgent.values()].reduce((sum, e) => ({ conversations: sum.conversations + e.conversations, messages: sum.messages + e.messages }), {
      conversations: 0,
      messages: 0,
    });
    return total;
  });
}

export async function listErasures(db: Db, userId: string): Promise<CustomerErasure[]> {
  const rows = await db.select().from(customerErasures).where(eq(customerErasures.userId, userId)).orderBy(desc(customerErasures.createdAt)).limit(200);
  return rows.map((r) => ({
    id: r.id,
    agentName: r.agentName,
    channel: r.channel,
    customerLabel: r.customerLabel,
    conversations: r.conversations,
    messages: r.messages,
    createdAt: r.createdAt.toISOString(),
  }));
}
