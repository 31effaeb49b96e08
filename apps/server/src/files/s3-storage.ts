import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { assertSafeKey, ObjectExistsError, type FileStorage } from './storage';

/**
 * Private S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Supabase
 * Storage…). Objects are never public: downloads go through our signed links.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s3: Config['s3'] & { bucket: string }) {
    this.bucket = s3.bucket;
    this.client = new S3Client({
      region: s3.region ?? 'us-east-1',
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(s3.accessKeyId && s3.secretAccessKey
        ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertSafeKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'private, max-age=3600',
          // Never overwrite (docs/product.md §5): the write fails when the key exists.
          IfNoneMatch: '*',
        }),
      );
    } catch (err) {
      if (err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 412 || err.name === 'PreconditionFailed')) {
        throw new ObjectExistsError(key);
      }
      throw err;
    }
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer>> {
    assertSafeKey(key);
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!res.Body) throw new Error(`Empty object: ${key}`);
    // The SDK collects the body into an ordinary ArrayBuffer (its type only says 'ArrayBufferLike').
    return (await res.Body.transformToByteArray()) as Uint8Array<ArrayBuffer>;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
