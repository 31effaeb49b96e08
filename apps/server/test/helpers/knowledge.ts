import type { KnowledgeFile } from '@atende/shared';
import { expect, vi } from 'vitest';
import { files } from '../../src/db/schema';
import { preparePassages } from '../../src/knowledge/ingest/prepare';
import { storePassages } from '../../src/knowledge/passages';
import type { TestContext, TestUser } from './context';

/** Stores `chunks` as the passages of a file `name` of the agent, the way ingestion does; returns the file's id. */
export async function addFilePassages(ctx: TestContext, owner: { userId: string; agentId: string }, name: string, chunks: string[]): Promise<string> {
  const id = `file-${name}-${owner.agentId}`;
  await ctx.database.db.insert(files).values({
    id,
    agentId: owner.agentId,
    userId: owner.userId,
    filename: name,
    path: `${owner.userId}/${owner.agentId}/${name}`,
    size: 1,
    mimeType: 'text/plain',
    kind: 'txt',
    status: 'processing',
  });
  await storePassages({ db: ctx.database.db, vectors: ctx.services.vectors }, { ...owner, sourceType: 'file', sourceId: id, sourceName: name }, preparePassages(chunks), null);
  return id;
}

export async function upload(ctx: TestContext, user: TestUser, agentId: string, items: Array<{ name: string; bytes: Uint8Array | string; type?: string }>) {
  const form = new FormData();
  for (const item of items) {
    const bytes = typeof item.bytes === 'string' ? new TextEncoder().encode(item.bytes) : item.bytes;
    form.append('files', new File([bytes], item.name, { type: item.type ?? 'application/octet-stream' }));
  }
  return ctx.app.request(`/api/agents/${agentId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, origin: 'http://localhost:3000' },
    body: form,
  });
}

export async function listFiles(ctx: TestContext, user: TestUser, agentId: string) {
  const res = await ctx.request(`/api/agents/${agentId}/files`, { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as { files: KnowledgeFile[]; retrieval: 'hybrid' | 'lexical' };
}

/** Waits (polling, no fixed sleep) until every file of the agent is ready or failed. */
export async function waitForIngestion(ctx: TestContext, user: TestUser, agentId: string, timeout = 60_000): Promise<KnowledgeFile[]> {
  let latest: KnowledgeFile[] = [];
  await vi.waitFor(
    async () => {
      latest = (await listFiles(ctx, user, agentId)).files;
      expect(latest.length).toBeGreaterThan(0);
      expect(latest.every((f) => f.status === 'ready' || f.status === 'error')).toBe(true);
    },
    { timeout, interval: 200 },
  );
  return latest;
}
