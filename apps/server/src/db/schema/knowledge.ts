import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { userIdColumn, agentIdColumn } from './refs';
import { createdAt } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** docs/product.md §3 knowledge_base: one row per (user, agent). */
export const knowledgeBases = pgTable('knowledge_bases', {
  agentId: text('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  userId: userIdColumn(),
  companyName: text('company_name').notNull().default(''),
  about: text('about').notNull().default(''),
  links: text('links').notNull().default(''),
  /** Links that could not be indexed on the last run, one per line (null when all were read). */
  linksReport: text('links_report'),
  /** The `links` text the last background reading covered: while it differs from `links`, the links are being read. */
  linksRead: text('links_read'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** docs/product.md §3 files: uploads of an agent and their ingestion state. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    agentId: agentIdColumn(),
    userId: userIdColumn(),
    /** The original name, for display. */
    filename: text('filename').notNull(),
    /** Storage key: {userId}/{agentId}/{timestamp}-{sanitised name}. */
    path: text('path').notNull().unique(),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'processing', 'ready', 'error'] }).notNull().default('queued'),
    error: text('error'),
    /** Read, but not all of it: what the merchant should know (pt-BR), e.g. encrypted attachments skipped. */
    notice: text('notice'),
    passages: integer('passages').notNull().default(0),
    embedded: boolean('embedded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('files_agent_idx').on(t.agentId, t.createdAt)],
);

/**
 * Indexed passages of an agent's knowledge (docs/product.md §3 documents_embeddings).
 * `tsv` holds the lexemes of the content as the application analyses them
 * (knowledge/text-search.ts: accent-free Portuguese stems, so "preco", "preço"
 * and "preços" all match). It is null only for passages written before that
 * analysis existed, until the start-up backfill has computed them.
 */
export const passages = pgTable(
  'passages',
  {
    id: text('id').primaryKey(),
    agentId: agentIdColumn(),
    /**
     * The agent's owner. Not a foreign key: the agent's already removes a deleted account's passages (the
     * account's agents go with it), and a second check on every indexed row cost a tenth of indexing.
     */
    userId: text('user_id').notNull(),
    /** 'knowledge_base' for the text form; files and links join in the knowledge issue. */
    sourceType: text('source_type', { enum: ['knowledge_base', 'file', 'link'] }).notNull(),
    /** The file id for 'file' passages, the URL for 'link' passages. */
    sourceId: text('source_id'),
    /** Shown to customers as the source ('Base de conhecimento', a file name, a URL). */
    sourceName: text('source_name').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    tsv: tsvector('tsv'),
    createdAt: createdAt(),
  },
  (t) => [
    index('passages_agent_idx').on(t.agentId, t.sourceType),
    index('passages_source_idx').on(t.sourceId),
    index('passages_tsv_missing_idx')
      .on(t.id)
      .where(sql`${t.tsv} is null`),
  ],
);
