import { chatRoleLabels, QUOTA_TIME_ZONE, type Channel, type ChatRole } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { customerLabel } from '../chat/session-keys';
import type { Db } from '../db/client';
import { dayStart, addDays } from './calendar';

/*
 * 'Exportar conversas': an agent's customer conversations of a period as CSV, one row per message (date and
 * time in São Paulo, channel, customer label, author — Cliente, Agente or Equipe —, text, conversation), read page by page into the response
 * so a big export never sits in memory. Semicolons separate the columns and the file starts with a UTF-8 BOM,
 * as Excel in Portuguese opens a CSV by double-click; every cell is quoted, and a cell a spreadsheet would run
 * as a formula (=, +, -, @, tab, carriage return) starts with an apostrophe (CSV injection).
 */

export const EXPORT_PAGE = 1_000;
export const EXPORT_HEADER = ['data', 'canal', 'cliente', 'autor', 'texto', 'conversa'];
const CHANNEL_NAMES: Record<string, string> = { web: 'Link e site', whatsapp: 'WhatsApp' };

const stamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' in São Paulo. */
export function localStamp(at: Date): string {
  const p = Object.fromEntries(stamp.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** One CSV cell: quoted, quotes doubled, and never read as a formula by a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(';')}\r\n`;

interface ExportRow {
  seq: string | number;
  role: string;
  content: string;
  created_at: string | Date;
  conversation_id: string;
  channel: string;
  session_id: string;
}

/** The CSV of an agent's messages from the start of day `from` to the end of day `to` (São Paulo), as a stream. */
export function exportConversationsCsv(db: Db, agentId: string, from: string, to: string): ReadableStream<Uint8Array> {
  const start = dayStart(from).toISOString();
  const end = dayStart(addDays(to, 1)).toISOString();
  const encoder = new TextEncoder();
  // Pages follow messages_seq_idx from the period's first message of this agent: before it, every message (this
  // agent's history, and every other account's on a shared Postgres) would be read past on the first page.
  let after: number | null = null;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = '';
      if (first) {
        text += `\uFEFF${csvLine(EXPORT_HEADER)}`;
        first = false;
      }
      after ??= await seqBefore(db, agentId, start, end);
      if (after === null) {
        controller.enqueue(encoder.encode(text));
        controller.close();
        return;
      }
      const result = (await db.execute(sql`
        select m.seq, m.role, m.content, m.created_at, m.conversation_id, c.channel, c.session_id
        from conversations c
        join messages m on m.conversation_id = c.id
        where c.agent_id = ${agentId} and c.channel <> 'test'
          and m.created_at >= ${start}::timestamptz and m.created_at < ${end}::timestamptz
          and m.seq > ${after} and m.seq > 0 -- always true: lets it use messages_seq_idx (db/schema/chat.ts)
        order by m.seq
        limit ${EXPORT_PAGE}`)) as unknown as { rows: ExportRow[] };
      for (const r of result.rows) {
        const at = r.created_at instanceof Date ? r.created_at : new Date(r.created_at);
        text += csvLine([
          localStamp(at),
          CHANNEL_NAMES[r.channel] ?? r.channel,
          customerLabel(r.channel as Channel, r.session_id),
          chatRoleLabels[r.role as ChatRole] ?? r.role,
          r.content,
          r.conversation_id,
        ]);
      }
      if (text) controller.enqueue(encoder.encode(text));
      if (result.rows.length < EXPORT_PAGE) controller.close();
      else after = Number(result.rows.at(-1)!.seq);
    },
  });
}

/**
 * The seq just before the agent's first message of the period (null: it has none), found from the conversations with
 * a message since its start (`last_message_at`, never earlier than any of their messages: db/schema/chat.ts), each
 * read by its own index.
 */
async function seqBefore(db: Db, agentId: string, start: string, end: string): Promise<number | null> {
  const result = (await db.execute(sql`
    select min(f.seq) as seq from conversations c
    cross join lateral (
      select m.seq from messages m
      where m.conversation_id = c.id and m.created_at >= ${start}::timestamptz and m.created_at < ${end}::timestamptz
      order by m.seq limit 1
    ) f
    where c.agent_id = ${agentId} and c.channel <> 'test' and c.last_message_at >= ${start}::timestamptz`)) as unknown as { rows: Array<{ seq: string | number | null }> };
  const seq = result.rows[0]?.seq;
  return seq === null || seq === undefined ? null : Number(seq) - 1;
}
