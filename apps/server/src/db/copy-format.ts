/**
 * Rows in Postgres's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html, "Binary
 * Format"): a signature, then per row the field count and each field as an int32 length and the bytes the
 * column type's receive function reads, then -1. Bulk writes use it on both drivers: the database copies the
 * values instead of parsing SQL text, which matters most on PGlite, where Postgres runs as WebAssembly.
 */
export class CopyWriter {
  private buf: Buffer;
  private at = 0;

  constructor(sizeHint = 64 * 1024) {
    this.buf = Buffer.allocUnsafe(Math.max(sizeHint, COPY_HEADER.length + 2));
    this.at = COPY_HEADER.copy(this.buf, 0);
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): this {
    this.room(2);
    this.at = this.buf.writeInt16BE(fields, this.at);
    return this;
  }

  text(value: string): this {
    const length = Buffer.byteLength(value);
    this.room(4 + length);
    this.at = this.buf.writeInt32BE(length, this.at);
    this.at += this.buf.write(value, this.at);
    return this;
  }

  /** A text field, or NULL. */
  textOrNull(value: string | null): this {
    if (value !== null) return this.text(value);
    this.room(4);
    this.at = this.buf.writeInt32BE(-1, this.at);
    return this;
  }

  int4(value: number): this {
    this.room(8);
    this.at = this.buf.writeInt32BE(4, this.at);
    this.at = this.buf.writeInt32BE(value, this.at);
    return this;
  }

  /** A pgvector `vector` as vector_recv reads it: int16 dimensions, int16 zero, float4 values (NaN and ±∞ as 0). */
  vector(values: readonly number[]): this {
    const bytes = 4 + values.length * 4;
    this.room(4 + bytes);
    this.at = this.buf.writeInt32BE(bytes, this.at);
    this.at = this.buf.writeInt16BE(values.length, this.at);
    this.at = this.buf.writeInt16BE(0, this.at);
    const view = new DataView(this.buf.buffer, this.buf.byteOffset + this.at, values.length * 4);
    for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, Number.isFinite(values[i]) ? values[i]! : 0);
    this.at += values.length * 4;
    return this;
  }

  /** A field already encoded (its int32 length included), e.g. by encodeTsvector. */
  encoded(field: Uint8Array): this {
    this.room(field.length);
    this.buf.set(field, this.at);
    this.at += field.length;
    return this;
  }

  /** The payload, with its trailer. The writer is not to be used afterwards. */
  finish(): Uint8Array {
    this.room(2);
    this.at = this.buf.writeInt16BE(-1, this.at);
    return this.buf.subarray(0, this.at);
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
}

/**
 * A `tsvector` field (int32 length included) as tsvector_recv reads it: the lexeme count, then each lexeme
 * NUL-terminated with its position count (0: positions are not stored). The lexemes must be distinct, not
 * empty and shorter than 2 KB. They go in JavaScript's order, which is Postgres's (bytewise UTF-8) but for
 * characters beyond the Basic Multilingual Plane; Postgres sorts them itself when they are out of order.
 */
export function encodeTsvector(lexemes: Iterable<string>): Uint8Array {
  const sorted = Array.from(lexemes).sort();
  if (sorted[0] === '') sorted.shift(); // an empty string (never a lexeme of ours) would sort first
  // Each lexeme is followed by its NUL and a zero uint16: three zero bytes, written as part of one string.
  const body = sorted.length > 0 ? `${sorted.join(LEXEME_END)}${LEXEME_END}` : '';
  const size = Buffer.byteLength(body);
  const out = Buffer.allocUnsafe(8 + size);
  out.writeInt32BE(4 + size, 0);
  out.writeInt32BE(sorted.length, 4);
  out.write(body, 8);
  return out;
}

const LEXEME_END = '\0\0\0';

/** "PGCOPY\n\xff\r\n\0", flags (0), header extension length (0). */
const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
