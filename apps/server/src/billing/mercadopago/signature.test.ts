import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signatureManifest, signManifest, verifySignature } from './signature';

// Fixed vectors computed independently (openssl dgst -sha256 -hmac) over the manifests shown.
const SECRET = 'segredo-do-webhook-atende';
const REQUEST_ID = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';
const DATA_ID = '2c9380847e9b451c017ea1bd70ba0219';
const V1_SECONDS = 'df0a522046f4b839dc678ed40bf147be14508771346ab60e08f1c98193407684'; // ts:1704908010
const V1_MILLIS = '277de337ac7257f6d6aaa3c04969fa9fb0b58226874bb32a196d9929d9891b03'; // ts:1704908010000
const V1_LOWERCASED_ID = 'f3d0f142f4eda2a9f59c8b1bfa3dd9550710e1294a796b6573eb3f909139c829'; // id:pay-ab12cd
const V1_AS_SENT_ID = '3676b01f15d948c05c4edc5166f007e6f98e5bce14183199958b1e176438711e'; // id:PAY-AB12CD
const V1_NO_ID = '593b215807492140ada186dacef1d0d2c22cd889779d9ac50905d344d01d8936'; // no id pair

/** The vectors' ts (1704908010), a minute later: fresh. */
const NOW = 1704908010_000 + 60_000;
const check = (signature: string, fields: { dataId?: string; requestId?: string } = { dataId: DATA_ID, requestId: REQUEST_ID }) =>
  verifySignature({ signature, ...fields }, SECRET, NOW);
const withId = (dataId: string | undefined) => ({ dataId, requestId: REQUEST_ID });

describe('Mercado Pago x-signature', () => {
  it('refuses a valid signature whose ts is more than 10 minutes old or ahead (a replay)', () => {
    const signature = { signature: `ts=1704908010,v1=${V1_SECONDS}`, requestId: REQUEST_ID, dataId: DATA_ID };
    expect(verifySignature(signature, SECRET, 1704908010_000 + 10 * 60_000)).toBe(true);
    expect(verifySignature(signature, SECRET, 1704908010_000 + 10 * 60_000 + 1)).toBe(false);
    expect(verifySignature(signature, SECRET, 1704908010_000 - 10 * 60_000 - 1)).toBe(false);
    const millis = { ...signature, signature: `ts=1704908010000,v1=${V1_MILLIS}` };
    expect(verifySignature(millis, SECRET, NOW)).toBe(true);
    expect(verifySignature(millis, SECRET, 1704908010_000 + 11 * 60_000)).toBe(false);
  });

  it('builds the manifest and drops absent pairs', () => {
    expect(signatureManifest({ dataId: 'abc', requestId: 'r-1', ts: '1' })).toBe('id:abc;request-id:r-1;ts:1;');
    expect(signatureManifest({ requestId: 'r-1', ts: '1' })).toBe('request-id:r-1;ts:1;');
    expect(signatureManifest({ dataId: 'abc', ts: '1' })).toBe('id:abc;ts:1;');
  });

  it('parses the header in any order, with spaces', () => {
    expect(parseSignatureHeader('v1=abc, ts=123')).toEqual({ ts: '123', v1: 'abc' });
    expect(parseSignatureHeader(undefined)).toEqual({});
    expect(parseSignatureHeader('garbage')).toEqual({});
  });

  it('accepts ts in seconds', () => {
    expect(check(`ts=1704908010,v1=${V1_SECONDS}`)).toBe(true);
  });

  it('accepts ts in milliseconds', () => {
    expect(check(`ts=1704908010000,v1=${V1_MILLIS}`)).toBe(true);
  });

  it('accepts data.id lowercased in the manifest or as sent', () => {
    expect(check(`ts=1704908010,v1=${V1_LOWERCASED_ID}`, withId('PAY-AB12CD'))).toBe(true);
    expect(check(`ts=1704908010,v1=${V1_AS_SENT_ID}`, withId('PAY-AB12CD'))).toBe(true);
    expect(check(`ts=1704908010,v1=${V1_LOWERCASED_ID}`, withId('pay-ab12cd'))).toBe(true);
  });

  it('verifies a notification without data.id (the pair is dropped)', () => {
    expect(check(`ts=1704908010,v1=${V1_NO_ID}`, withId(undefined))).toBe(true);
  });

  it('accepts an uppercase hex digest', () => {
    expect(check(`ts=1704908010,v1=${V1_SECONDS.toUpperCase()}`)).toBe(true);
  });

  it('rejects a wrong secret, a changed field or a malformed header', () => {
    expect(verifySignature({ signature: `ts=1704908010,v1=${V1_SECONDS}`, requestId: REQUEST_ID, dataId: DATA_ID }, 'outro-segredo', NOW)).toBe(false);
    expect(check(`ts=1704908011,v1=${V1_SECONDS}`)).toBe(false); // ts swapped
    expect(check(`ts=1704908010000,v1=${V1_SECONDS}`)).toBe(false); // the other reading of ts is not interchangeable
    expect(check(`ts=1704908010,v1=${V1_SECONDS}`, withId('outro-id'))).toBe(false);
    expect(check(`ts=1704908010,v1=${V1_SECONDS}`, { dataId: DATA_ID, requestId: 'outro-request' })).toBe(false);
    expect(check(`ts=1704908010,v1=${V1_SECONDS}`, { dataId: DATA_ID })).toBe(false);
    expect(check(`v1=${V1_SECONDS}`)).toBe(false);
    expect(check('ts=1704908010')).toBe(false);
    expect(check(`ts=1704908010,v1=${V1_SECONDS.slice(0, 63)}`)).toBe(false);
    expect(check(`ts=abc,v1=${V1_SECONDS}`)).toBe(false);
    expect(check('')).toBe(false);
  });
});

describe("Mercado Pago's own SDK test vector (test/fixtures/public/mercadopago/signature-vector.json)", () => {
  const vector = JSON.parse(
    readFileSync(new URL('../../../test/fixtures/public/mercadopago/signature-vector.json', import.meta.url), 'utf8'),
  ) as { secret: string; requestId: string; dataIdRaw: string; dataIdLower: string; ts: string; tsSeconds: string };
  /** The header the SDKs' tests build: `ts=<ts>,v1=<HMAC of id:…;request-id:…;ts:…;>`. */
  const header = (dataId: string | undefined, ts: string) =>
    `ts=${ts},v1=${signManifest(signatureManifest({ dataId, requestId: vector.requestId, ts }), vector.secret)}`;
  const at = Number(vector.ts); // 13 digits: milliseconds

  it('accepts the id signed lowercased or as sent, whichever case the URL carries', () => {
    const lower = header(vector.dataIdLower, vector.ts);
    for (const dataId of [vector.dataIdLower, vector.dataIdRaw]) {
      expect(verifySignature({ signature: lower, requestId: vector.requestId, dataId }, vector.secret, at)).toBe(true);
    }
    const raw = header(vector.dataIdRaw, vector.ts);
    expect(verifySignature({ signature: raw, requestId: vector.requestId, dataId: vector.dataIdRaw }, vector.secret, at)).toBe(true);
  });

  it('accepts ts in seconds, with spaces after the comma, and refuses a tampered hash, another secret or a stale ts', () => {
    const seconds = header(vector.dataIdLower, vector.tsSeconds);
    const signed = { requestId: vector.requestId, dataId: vector.dataIdLower };
    expect(verifySignature({ ...signed, signature: seconds }, vector.secret, Number(vector.tsSeconds) * 1000 + 30_000)).toBe(true);
    expect(verifySignature({ ...signed, signature: seconds.replace(',', ', ') }, vector.secret, Number(vector.tsSeconds) * 1000)).toBe(true);
    const good = header(vector.dataIdLower, vector.ts);
    const tampered = good.slice(0, -2) + (good.endsWith('00') ? 'ff' : '00');
    expect(verifySignature({ ...signed, signature: tampered }, vector.secret, at)).toBe(false);
    expect(verifySignature({ ...signed, signature: good }, 'outro-segredo', at)).toBe(false);
    expect(verifySignature({ ...signed, signature: good }, vector.secret, at + 11 * 60_000)).toBe(false);
    expect(verifySignature({ ...signed, signature: 'this-is-garbage' }, vector.secret, at)).toBe(false);
    expect(verifySignature({ ...signed, signature: `v1=${good.split('v1=')[1]}` }, vector.secret, at)).toBe(false);
  });
});
