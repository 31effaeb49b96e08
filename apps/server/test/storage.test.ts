import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../e2e/fakes';
import { S3Storage } from '../src/files/s3-storage';
import { ObjectExistsError } from '../src/files/storage';
import { chatOutput, createUserWithAgent } from './helpers/agents';
import { createTestContext, type TestContext } from './helpers/context';
import { listFiles, upload, waitForIngestion } from './helpers/knowledge';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

const credentials = () => ({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'sa-east-1', accessKeyId: 'AKIATEST', secretAccessKey: 'secret-test' });

describe('S3Storage (S3-compatible)', () => {
  it('stores, reads and deletes private objects with signed requests, never overwriting', async () => {
    const storage = new S3Storage(credentials());
    const key = 'user1/agent1/1700000000000-tabela.csv';
    await storage.put(key, new TextEncoder().encode('a;b\n1;2'), 'text/csv');
    expect(s3.objects.get(key)?.contentType).toBe('text/csv');
    expect(new TextDecoder().decode(await storage.get(key))).toBe('a;b\n1;2');
    await expect(storage.put(key, new Uint8Array([1]), 'text/csv')).rejects.toBeInstanceOf(ObjectExistsError);
    await storage.delete(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.requests.every((r) => r.authorized)).toBe(true);
  });

  it('refuses unsafe keys before any request', async () => {
    const storage = new S3Storage(credentials());
    const before = s3.requests.length;
    await expect(storage.put('../etc/passwd', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/Unsafe/);
    await expect(storage.get('a/../b/c')).rejects.toThrow(/Unsafe/);
    expect(s3.requests.length).toBe(before);
  });
});

describe('uploads on S3 storage', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      jobs: true,
      env: { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'AKIATEST', S3_SECRET_ACCESS_KEY: 'secret-test' },
    });
  });
  afterAll(() => ctx.close());

  it('stores the upload in the bucket, ingests it, serves it by signed link and deletes it', async () => {
    expect(ctx.services.storage.kind).toBe('s3');
    const { user, agent } = await createUserWithAgent(ctx);
    expect((await upload(ctx, user, agent.id, [{ name: 'Horários.txt', bytes: 'Abrimos aos domingos das 8h às 12h.' }])).status).toBe(201);
    const [file] = await waitForIngestion(ctx, user, agent.id);
    expect(file!.status).toBe('ready');
    const key = [...s3.objects.keys()].find((k) => k.endsWith('-Horarios.txt'));
    expect(key).toMatch(new RegExp(`^${user.id}/${agent.id}/\\d+-Horarios\\.txt$`));
    expect(await chatOutput(ctx, agent.webhookId, 'Vocês abrem aos domingos?')).toContain('8h às 12h');

    const signed = new URL(file!.url);
    expect(await (await ctx.app.request(signed.pathname + signed.search)).text()).toBe('Abrimos aos domingos das 8h às 12h.');
    await ctx.request(`/api/agents/${agent.id}/files/${file!.id}`, { method: 'DELETE', token: user.token });
    expect(s3.objects.has(key!)).toBe(false);
    expect((await listFiles(ctx, user, agent.id)).files).toEqual([]);
  });
});
