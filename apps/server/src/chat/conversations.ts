import { randomUUID } from 'node:crypto';
import type { Channel, ChatMessage, Conversation, ConversationSummary } from '@atende/shared';
import { MEMORY_WINDOW } from '@atende/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversations, messages } from '../db/schema';
import { notFound } from '../http/errors';

const PREVIEW = 280;

export interface SessionKey {
  agentId: string;
  userId: string;
  channel: Channel;
  sessionId: string;
}

/**
 * Stores the customer's message (creating the conversation on first use) and
 * returns the conversation id — one statement, before the model is called, so
 * a provider failure never loses what the customer wrote.
 */
export async function appendUserMessage(db: Db, key: SessionKey, content: string): Promise<string> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: randomUUID(),
      ...key,
      messageCount: 1,
      lastMessage: content.slice(0, PREVIEW),
    })
    .onConflictDoUpdate({
      target: [conversations.agentId, conversations.channel, conversations.sessionId],
      set: {
        messageCount: sql`${conversations.messageCount} + 1`,
        lastMessage: content.slice(0, PREVIEW),
        lastMessageAt: sql`now()`,
      },
    })
    .returning({ id: conversations.id });
  await db.insert(messages).values({ id: randomUUID(), conversationId: row!.id, role: 'user', content });
  return row!.id;
}

export async function appendAssistantMessage(db: Db, conversationId: string, content: string): Promise<void> {
  await db.insert(messages).values({ id: randomUUID(), conversationId, role: 'assistant', content });
  await db
    .update(conversations)
    .set({
      messageCount: sql`${conversations.messageCount} + 1`,
      lastMessage: content.slice(0, PREVIEW),
      lastMessageAt: sql`now()`,
    })
    .where(eq(conversations.id, conversationId));
}

/** The memory window: the last 15 messages of the conversation, oldest first. */
export async function recentMessages(db: Db, conversationId: string, limit = MEMORY_WINDOW) {
  const rows = await db
    .select({ role: messages.role, content: messages.content })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(limit);
  return rows.reverse();
}

/** A public chat session's history (the customer holds the session id). */
export async function sessionHistory(db: Db, agentId: string, channel: Channel, sessionId: string): Promise<ChatMessage[]> {
  const rows = await db
    .select({ id: messages.id, role: messages.role, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.agentId, agentId), eq(conversations.channel, channel), eq(conversations.sessionId, sessionId)))
    .orderBy(asc(messages.seq))
    .limit(200);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

function toSummary(row: typeof conversations.$inferSelect): ConversationSummary {
  return {
    id: row.id,
    sessionId: row.sessionId,
    channel: row.channel,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt.toISOString(),
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConversations(db: Db, agentId: string): Promise<ConversationSummary[]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(eq(conversations.agentId, agentId))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(500);
  return rows.map(toSummary);
}

export async function getConversation(db: Db, agentId: string, conversationId: string): Promise<Conversation> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.agentId, agentId)));
  if (!row) throw notFound('Conversation');
  const rows = await db
    .select({ id: messages.id, role: messages.role, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
  return { ...toSummary(row), messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
