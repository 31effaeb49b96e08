import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../lib/derive-key';
import { isStoredKey, webSessionKeys } from './session-keys';

describe('webSessionKeys', () => {
  it('stores # + hex(HMAC-SHA256(derived key, agentId \\n sessionId)), as every stored conversation was keyed (ADR 0011)', () => {
    const secret = 'uma-chave-de-criptografia-de-teste-0123456789';
    const keys = webSessionKeys({ encryption: { secret } } as Parameters<typeof webSessionKeys>[0]);
    const expected = createHmac('sha256', deriveKey(secret, 'web-chat-session/v1')).update('agente-1\nsessao-secreta').digest('hex');
    expect(keys.keyFor('agente-1', 'sessao-secreta')).toBe(`#${expected}`);
    expect(isStoredKey(keys.keyFor('agente-1', 'sessao-secreta'))).toBe(true);
    expect(keys.keyFor('agente-2', 'sessao-secreta')).not.toBe(keys.keyFor('agente-1', 'sessao-secreta'));
  });
});
