import { describe, expect, it } from 'vitest';
import { CredentialBox, maskSecret, safeEqual } from './credential-box';

const box = new CredentialBox('a-server-secret-with-at-least-32-characters', 'whatsapp');

describe('CredentialBox', () => {
  it('round-trips a token and never stores it in clear', () => {
    const token = 'EAAGm0PX4ZCpsBAKZCZBQ-token-ção-🔑';
    const stored = box.encrypt(token, 'agent-1');
    expect(stored).toMatch(/^v1\.[\w-]+$/);
    expect(stored).not.toContain('EAAG');
    expect(box.encrypt(token, 'agent-1')).not.toBe(stored); // random IV
    expect(box.decrypt(stored, 'agent-1')).toBe(token);
  });

  it('refuses a ciphertext moved to another agent, tampered with, or read with another key', () => {
    const stored = box.encrypt('segredo', 'agent-1');
    expect(() => box.decrypt(stored, 'agent-2')).toThrow();
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.decrypt(`v1.${bytes.toString('base64url')}`, 'agent-1')).toThrow();
    expect(() => new CredentialBox('another-server-secret-with-32-characters!', 'whatsapp').decrypt(stored, 'agent-1')).toThrow();
    expect(() => box.decrypt('v0.abc', 'agent-1')).toThrow();
  });

  it('derives a stable, per-agent verify token', () => {
    const token = box.verifyTokenFor('agent-1');
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(box.verifyTokenFor('agent-1')).toBe(token);
    expect(box.verifyTokenFor('agent-2')).not.toBe(token);
    expect(new CredentialBox('another-server-secret-with-32-characters!', 'whatsapp').verifyTokenFor('agent-1')).not.toBe(token);
  });
});

describe('maskSecret / safeEqual', () => {
  it('shows only the last four characters of long secrets', () => {
    expect(maskSecret('EAAGm0PX4ZCpsBAKZCZB1234')).toBe('••••••••1234');
    expect(maskSecret('curto')).toBe('••••••••');
  });

  it('compares strings of any length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });

  it("keeps each channel's keys apart: one channel's ciphertext does not decrypt as another's", () => {
    const stored = box.encrypt('EAAG-token', 'agent-1');
    const other = new CredentialBox('a-server-secret-with-at-least-32-characters', 'telegram');
    expect(() => other.decrypt(stored, 'agent-1')).toThrow();
    expect(other.verifyTokenFor('agent-1')).not.toBe(box.verifyTokenFor('agent-1'));
  });
});
