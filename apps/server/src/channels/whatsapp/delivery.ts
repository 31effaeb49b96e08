import type { DeliveryStatus, InboxEvent, MessageDelivery, UndeliveredMessage } from '@atende/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { notifyInbox } from '../../chat/handoff';
import type { Db } from '../../db/client';
import type { Notifier } from '../../db/notify';
import { agents, whatsappSends } from '../../db/schema';
import type { StatusUpdate } from './payload';

/**
 * What became of the messages we send on WhatsApp (ADR 0007, docs/product.md §10): each part the Graph API accepted
 * is stored by its wamid, and Meta's later `statuses` notifications move it on. A `failed` status (131047 outside the
 * 24-hour window, 131026 undeliverable…) marks the stored messages it carried as not delivered, with a pt-BR reason
 * the merchant sees beside the message ('Não entregue'); `delivered` and `read` show there as 'Entregue' and 'Lida'.
 */

/** How far a message got; a status only moves it forward, and `failed` is final (statuses arrive out of order, twice). */
const RANK: Record<StatusUpdate['status'], number> = { sent: 1, delivered: 2, read: 3, failed: 9 };

/**
 * The sends of a conversation whose 'Entregue' / 'Lida' a transcript shows, newest first: far more than the latest
 * transcript page carries (ADR 0022), so a long conversation's reading costs the same. Failures are read apart, all.
 */
const RECEIPT_SENDS = 1000;

/** Meta's error codes a merchant meets, in pt-BR (the reason follows 'Não entregue: '). */
const REASONS: Record<number, string> = {
  131047: 'o cliente não fala com você há mais de 24 horas: o WhatsApp só permite responder dentro de 24 horas da última mensagem dele',
  131026:
    'o WhatsApp não conseguiu entregar a mensagem a este número (ele pode não ter WhatsApp, usar uma versão antiga do aplicativo ou não ter aceitado os termos mais recentes do WhatsApp)',
  131049: 'o WhatsApp limitou as mensagens de empresas para este cliente por um tempo',
  131021: 'o número do cliente é o mesmo número que envia as mensagens',
  131051: 'o WhatsApp não aceita este tipo de mensagem',
  130472: 'o número do cliente faz parte de um teste do WhatsApp que não recebe mensagens de empresas agora',
  131000: 'o WhatsApp teve um erro interno e não entregou a mensagem',
  131016: 'o WhatsApp estava fora do ar no momento do envio',
  130429: 'muitas mensagens enviadas em pouco tempo pelo seu número',
  131056: 'muitas mensagens seguidas para o mesmo cliente em pouco tempo',
  131048: 'o WhatsApp limitou o envio do seu número porque muitas mensagens foram bloqueadas ou denunciadas',
  131031: 'a conta do WhatsApp Business está bloqueada pela Meta',
  368: 'a conta do WhatsApp Business está temporariamente bloqueada por violar as políticas do WhatsApp',
  190: 'o Token da Meta foi recusado (confira em Configurar WhatsApp)',
};

/** The pt-BR reason of a failure with Meta's error `code` (null: Meta gave none). */
export function undeliveredReason(code: number | null): string {
  if (code !== null && REASONS[code]) return REASONS[code];
  return code === null ? 'o WhatsApp informou uma falha sem dizer o motivo' : `o WhatsApp recusou a entrega (código ${code})`;
}

/** A part just handed to the Graph API, and what it carries. */
export interface SentPart {
  agentId: string;
  phoneNumberId: string;
  conversationId: string | null;
  messageIds: string[];
}

export interface DeliveryDeps {
  db: Db;
  notifier?: Notifier;
}

export function createDeliveries({ db, notifier }: DeliveryDeps) {
  /**
   * Tells the open screens of the account (the inbox, the agent's Conversas) that a conversation's messages moved on:
   * `delivery` when one was not delivered, `receipt` when one reached the customer or was read (a conversation told
   * both in one notification gets `delivery`, which reloads at least as much).
   */
  async function tell(agentId: string, changes: Iterable<{ conversationId: string; kind: Extract<InboxEvent['kind'], 'delivery' | 'receipt'> }>) {
    const kinds = new Map<string, 'delivery' | 'receipt'>();
    for (const { conversationId, kind } of changes) if (kinds.get(conversationId) !== 'delivery') kinds.set(conversationId, kind);
    if (kinds.size === 0 || !notifier) return;
    const [agent] = await db.select({ userId: agents.userId }).from(agents).where(eq(agents.id, agentId));
    if (!agent) return;
    for (const [conversationId, kind] of kinds) await notifyInbox(notifier, { userId: agent.userId, agentId, conversationId, kind });
  }

  /**
   * The Graph API accepted a part (its wamid). If Meta's `failed` status came first (it may: the notification races
   * our write), the row it left for that wamid and this agent's number is linked to the messages now, and told.
   */
  async function sent(part: SentPart, wamid: string): Promise<void> {
    const [row] = await db
      .insert(whatsappSends)
      .values({ wamid, ...part })
      .onConflictDoUpdate({
        target: whatsappSends.wamid,
        set: { conversationId: sql`excluded.conversation_id`, messageIds: sql`excluded.message_ids` },
        setWhere: sql`${whatsappSends.agentId} = excluded.agent_id and ${whatsappSends.phoneNumberId} = excluded.phone_number_id`,
      })
      .returning({ status: whatsappSends.status });
    if (row?.status === 'failed' && part.conversationId) await tell(part.agentId, [{ conversationId: part.conversationId, kind: 'delivery' }]);
  }

  /** The Graph API refused a part for good when we sent it (no wamid): its messages were not delivered. */
  async function refused(part: SentPart, code: number | null, detail: string): Promise<void> {
    await db.insert(whatsappSends).values({
      ...part,
      status: 'failed',
      errorCode: code,
      errorReason: undeliveredReason(code),
      errorDetail: detail.slice(0, 500),
    });
    if (part.conversationId) await tell(part.agentId, [{ conversationId: part.conversationId, kind: 'delivery' }]);
  }

  /**
   * Applies the statuses of a notification to the agent's sends of that phone number id (anyone else's wamid is left
   * alone), each only forward: a `failed` is never undone by a later or repeated sent/delivered/read. A failure for a
   * wamid not stored yet is kept (the send's own write links it). Returns how many sends changed.
   */
  async function applyStatuses(agentId: string, phoneNumberId: string, updates: StatusUpdate[]): Promise<number> {
    // One update per wamid, the furthest (a batch may repeat a wamid, in any order).
    const furthest = new Map<string, StatusUpdate>();
    for (const u of updates) {
      const seen = furthest.get(u.id);
      if (!seen || RANK[u.status] > RANK[seen.status]) furthest.set(u.id, u);
    }
    if (furthest.size === 0) return 0;
    const list = [...furthest.values()];
    const failures = list.filter((u) => u.status === 'failed');
    // RANK, in SQL: the stored status's rank (the constants of RANK only; nothing from the notification).
    const rank = sql.raw(`case s.status ${Object.entries(RANK).map(([status, r]) => `when '${status}' then ${r}`).join(' ')} else 1 end`);
    const result = (await db.execute(sql`
      with v as (
        select * from unnest(
          ${sql.param(list.map((u) => u.id))}::text[], ${sql.param(list.map((u) => u.status))}::text[],
          ${sql.param(list.map((u) => RANK[u.status]))}::int[], ${sql.param(list.map((u) => u.code))}::int[],
          ${sql.param(list.map((u) => (u.status === 'failed' ? undeliveredReason(u.code) : null)))}::text[],
          ${sql.param(list.map((u) => u.detail?.slice(0, 500) ?? null))}::text[]
        ) as v(wamid, status, rank, code, reason, detail)
      )
      update whatsapp_sends s
      set status = v.status, updated_at = now(),
          error_code = case when v.status = 'failed' then v.code end,
          error_reason = v.reason, error_detail = case when v.status = 'failed' then v.detail end
      from v
      where s.wamid = v.wamid and s.agent_id = ${agentId} and s.phone_number_id = ${phoneNumberId} and ${rank} < v.rank
      returning s.status, s.conversation_id as "conversationId"`)) as unknown as { rows: Array<{ status: string; conversationId: string | null }> };
    if (failures.length > 0) {
      // A failure Meta told before our write of the send landed: kept for that write to link (on a wamid nobody has).
      await db
        .insert(whatsappSends)
        .values(
          failures.map((u) => ({
            wamid: u.id,
            agentId,
            phoneNumberId,
            status: 'failed',
            errorCode: u.code,
            errorReason: undeliveredReason(u.code),
            errorDetail: u.detail?.slice(0, 500) ?? null,
          })),
        )
        .onConflictDoNothing({ target: whatsappSends.wamid });
    }
    // Every change a conversation shows: a failure ('Não entregue'), or delivered / read ('Entregue', 'Lida').
    await tell(
      agentId,
      result.rows.flatMap((r) => (r.conversationId ? [{ conversationId: r.conversationId, kind: r.status === 'failed' ? ('delivery' as const) : ('receipt' as const) }] : [])),
    );
    return result.rows.length;
  }

  /** The conversation's messages that were not delivered, newest failure first (one entry per message). */
  async function undelivered(agentId: string, conversationId: string): Promise<UndeliveredMessage[]> {
    const rows = await db
      .select({
        messageIds: whatsappSends.messageIds,
        code: whatsappSends.errorCode,
        reason: whatsappSends.errorReason,
        at: whatsappSends.updatedAt,
      })
      .from(whatsappSends)
      .where(and(eq(whatsappSends.conversationId, conversationId), eq(whatsappSends.agentId, agentId), eq(whatsappSends.status, 'failed')))
      .orderBy(desc(whatsappSends.createdAt))
      .limit(1000);
    const byMessage = new Map<string, UndeliveredMessage>();
    for (const r of rows) {
      for (const messageId of r.messageIds) {
        if (!byMessage.has(messageId)) {
          byMessage.set(messageId, { messageId, code: r.code, reason: r.reason ?? undeliveredReason(r.code), failedAt: r.at.toISOString() });
        }
      }
    }
    return [...byMessage.values()];
  }

  /**
   * How far each of our messages in the conversation got ('Entregue', 'Lida', 'Não entregue'): every failure, and the
   * other states of its latest RECEIPT_SENDS sends. A message sent in parts is as far as its least advanced part, and
   * not delivered if any part failed (the newest failure's reason).
   */
  async function deliveries(agentId: string, conversationId: string): Promise<MessageDelivery[]> {
    const [failures, sends] = await Promise.all([
      undelivered(agentId, conversationId),
      db
        .select({ messageIds: whatsappSends.messageIds, status: whatsappSends.status, at: whatsappSends.updatedAt })
        .from(whatsappSends)
        .where(and(eq(whatsappSends.conversationId, conversationId), eq(whatsappSends.agentId, agentId), ne(whatsappSends.status, 'failed')))
        .orderBy(desc(whatsappSends.createdAt))
        .limit(RECEIPT_SENDS),
    ]);
    const byMessage = new Map<string, MessageDelivery>();
    for (const f of failures) {
      byMessage.set(f.messageId, { messageId: f.messageId, status: 'failed', failure: { code: f.code, reason: f.reason }, at: f.failedAt });
    }
    for (const r of sends) {
      const status = (r.status in RANK ? r.status : 'sent') as Exclude<DeliveryStatus, 'failed'>;
      const at = r.at.toISOString();
      for (const messageId of r.messageIds) {
        const seen = byMessage.get(messageId);
        if (!seen) byMessage.set(messageId, { messageId, status, failure: null, at });
        else if (seen.status !== 'failed') {
          byMessage.set(messageId, { ...seen, status: RANK[status] < RANK[seen.status] ? status : seen.status, at: at > seen.at ? at : seen.at });
        }
      }
    }
    return [...byMessage.values()];
  }

  return { sent, refused, applyStatuses, undelivered, deliveries };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
