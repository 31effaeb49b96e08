import { randomUUID } from 'node:crypto';
import {
  invalidFileNameMessage,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  SIGNED_URL_TTL_SECONDS,
  storedFileName,
  unsupportedFilesMessage,
  type KnowledgeFile,
} from '@atende/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { ObjectExistsError, type FileStorage, type UrlSigner } from '../files/storage';
import { AppError, notFound } from '../lib/errors';
import type { Logger } from '../logger';
import type { Ingestion } from './ingest';
import { detectFileType } from './parsers';
import { deleteSourcePassages } from './passages';

export interface FilesDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
  signer: UrlSigner;
  ingestion: Ingestion;
  logger: Logger;
}

type FileRow = typeof files.$inferSelect;

export function toFileDto(row: FileRow, deps: Pick<FilesDeps, 'config' | 'signer'>): KnowledgeFile {
  return {
    id: row.id,
    filename: row.filename,
    size: row.size,
    mimeType: row.mimeType,
    status: row.status,
    error: row.error,
    notice: row.notice,
    passages: row.passages,
    embedded: row.embedded,
    url: deps.signer.url(deps.config.publicUrl, row.id, SIGNED_URL_TTL_SECONDS),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listFiles(db: Db, agentId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.agentId, agentId)).orderBy(desc(files.createdAt));
}

/**
 * Validates every file first (extension, size, real content type), so a bad
 * selection is refused whole and nothing is stored; then stores each file
 * privately, records it and enqueues its ingestion.
 */
export async function uploadFiles(
  deps: FilesDeps,
  owner: { userId: string; agentId: string },
  uploads: Array<{ name: string; type: string; bytes: Uint8Array }>,
): Promise<FileRow[]> {
  if (uploads.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'No files in field "files"', { userMessage: 'Selecione ao menos um arquivo.' });
  }
  if (uploads.length > MAX_FILES_PER_UPLOAD) {
    throw new AppError('VALIDATION_FAILED', 'Too many files', {
      userMessage: `Envie no máximo ${MAX_FILES_PER_UPLOAD} arquivos por vez.`,
    });
  }
  const unsupported = unsupportedFilesMessage(uploads.map((u) => u.name));
  if (unsupported) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported file types', { userMessage: unsupported });

  const checked = uploads.map((u) => {
    const badName = invalidFileNameMessage(u.name);
    if (badName) throw new AppError('VALIDATION_FAILED', `Invalid file name: ${JSON.stringify(u.name)}`, { userMessage: badName });
    if (u.bytes.byteLength > MAX_FILE_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', `File too large: ${u.name}`, {
        userMessage: `O arquivo "${u.name}" passa do limite de 50 MB.`,
      });
    }
    if (u.bytes.byteLength === 0) {
      throw new AppError('VALIDATION_FAILED', `Empty file: ${u.name}`, { userMessage: `O arquivo "${u.name}" está vazio.` });
    }
    const detected = detectFileType({ bytes: u.bytes, filename: u.name, declaredMime: u.type });
    if (!detected.ok) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Content does not match: ${u.name}`, { userMessage: detected.reason });
    return { ...u, kind: detected.kind, mime: detected.mime };
  });

  const rows: FileRow[] = [];
  for (const u of checked) {
    const key = await storeUnique(deps.storage, owner, u.name, u.bytes, u.mime);
    const [row] = await deps.db
      .insert(files)
      .values({
        id: randomUUID(),
        ...owner,
        filename: u.name,
        path: key,
        size: u.bytes.byteLength,
        mimeType: u.mime,
        kind: u.kind,
      })
      .returning();
    rows.push(row!);
    await deps.ingestion.enqueueFile(row!.id);
  }
  return rows;
}

async function storeUnique(
  storage: FileStorage,
  owner: { userId: string; agentId: string },
  name: string,
  bytes: Uint8Array,
  mime: string,
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const key = `${owner.userId}/${owner.agentId}/${storedFileName(name, Date.now() + attempt)}`;
    try {
      await storage.put(key, bytes, mime);
      return key;
    } catch (err) {
      if (!(err instanceof ObjectExistsError) || attempt >= 5) throw err;
    }
  }
}

/** Deletes the file, its passages (and their embeddings) and the stored object. */
export async function deleteFile(deps: Pick<FilesDeps, 'db' | 'storage' | 'logger'>, agentId: string, fileId: string): Promise<void> {
  const [row] = await deps.db.select().from(files).where(and(eq(files.id, fileId), eq(files.agentId, agentId)));
  if (!row) throw notFound('File');
  await deps.db.transaction(async (tx) => {
    await deleteSourcePassages(tx, 'file', fileId);
    await tx.delete(files).where(eq(files.id, fileId));
  });
  await deps.storage.delete(row.path).catch((err: unknown) => deps.logger.warn({ err, fileId }, 'could not delete stored file'));
}
