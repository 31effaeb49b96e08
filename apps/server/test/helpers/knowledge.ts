import type { KnowledgeFile } from '@atende/shared';
import { expect, vi } from 'vitest';
import type { TestContext, TestUser } from './context';

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
