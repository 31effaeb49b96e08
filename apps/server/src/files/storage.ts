import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Private object storage for uploads: local disk by default (S3-compatible storage plugs in here). */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes a new object; never overwrites an existing key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, in a buffer of their own (never shared memory: they can be sent as a response body). */
  get(key: string): Promise<Uint8Array<ArrayBuffer>>;
  delete(key: string): Promise<void>;
}

export class ObjectExistsError extends Error {}

/** Keys are {userId}/{agentId}/{stored name}; each segment must be a plain name. */
export function assertSafeKey(key: string): void {
  const parts = key.split('/');
  if (parts.length !== 3 || parts.some((p) => !p || p === '.' || p === '..' || !/^[\w.-]+$/.test(p))) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
      throw err;
    }
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await readFile(this.file(key)));
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/**
 * Signed download links (docs/product.md §9: valid 31,536,000 s): /files/{id}?expires=…&signature=…,
 * an HMAC of the file id and expiry with a key derived from the server secret.
 */
export class UrlSigner {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('atende:file-urls').digest();
  }

  private sign(fileId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${fileId}.${expires}`).digest('base64url');
  }

  url(baseUrl: string, fileId: string, ttlSeconds: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    return `${baseUrl}/files/${encodeURIComponent(fileId)}?expires=${expires}&signature=${this.sign(fileId, expires)}`;
  }

  verify(fileId: string, expires: string | undefined, signature: string | undefined, now = Date.now()): boolean {
    const exp = Number(expires);
    if (!Number.isInteger(exp) || exp < Math.floor(now / 1000) || !signature) return false;
    const expected = Buffer.from(this.sign(fileId, exp));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
