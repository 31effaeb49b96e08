import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidSignature } from './signature';

const bytes = (text: string) => new TextEncoder().encode(text);
const reference = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

describe('X-Hub-Signature-256', () => {
  it('matches the published X-Hub-Signature-256 test vector', () => {
    // GitHub's documented vector for the same scheme (HMAC-SHA256 of the raw body, hex, "sha256=" prefix).
    const header = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';
    expect(reference('Hello, World!', "It's a Secret to Everybody")).toBe(header);
    expect(isValidSignature(bytes('Hello, World!'), header, "It's a Secret to Everybody")).toBe(true);
  });

  it('verifies bodies with emoji and accents byte for byte', () => {
    const secret = 'app-secret-çãé-🔑';
    const body = '{"entry":[{"changes":[{"value":{"messages":[{"text":{"body":"Olá! Vocês têm pão de queijo? 🧀🍞 ação"}}]}}]}]}';
    const header = reference(body, secret);
    expect(isValidSignature(bytes(body), header, secret)).toBe(true);
    expect(isValidSignature(bytes(body), header.toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
    // The same JSON re-serialised with escaped unicode is different bytes: it must not verify.
    const escaped = JSON.stringify(JSON.parse(body)).replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(escaped).not.toBe(body);
    expect(isValidSignature(bytes(escaped), header, secret)).toBe(false);
  });

  it('rejects a wrong secret, a changed body, and missing or malformed headers', () => {
    const body = '{"object":"whatsapp_business_account"}';
    const header = reference(body, 'segredo');
    expect(isValidSignature(bytes(body), header, 'outro-segredo')).toBe(false);
    expect(isValidSignature(bytes(`${body} `), header, 'segredo')).toBe(false);
    expect(isValidSignature(bytes(body), undefined, 'segredo')).toBe(false);
    expect(isValidSignature(bytes(body), '', 'segredo')).toBe(false);
    expect(isValidSignature(bytes(body), header.slice('sha256='.length), 'segredo')).toBe(false);
    expect(isValidSignature(bytes(body), `sha1=${header.slice(7)}`, 'segredo')).toBe(false);
    expect(isValidSignature(bytes(body), `${header.slice(0, -2)}zz`, 'segredo')).toBe(false);
    expect(isValidSignature(bytes(body), header.slice(0, -2), 'segredo')).toBe(false);
  });
});
