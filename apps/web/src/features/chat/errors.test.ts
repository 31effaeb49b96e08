import { chatErrorMessages } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { ChatError, networkError, serviceError } from './errors';

const apiError = (code: string, userMessage: string) => ({ error: { code, message: 'x', userMessage } });

describe('chat error mapping (docs/product.md §8)', () => {
  it('shows the pt-BR text of each API error code and keeps the English as the message', () => {
    for (const text of Object.keys(chatErrorMessages) as Array<keyof typeof chatErrorMessages>) {
      const error = new ChatError(text);
      expect(error.message).toBe(text);
      expect(error.userMessage).toBe(chatErrorMessages[text]);
    }
  });

  it('maps a non-OK answer to "Chat service unavailable"', () => {
    for (const status of [400, 404, 500, 502, 503]) {
      const error = serviceError(status, apiError('NOT_FOUND', 'Não encontrado.'));
      expect(error.message).toBe('Chat service unavailable');
      expect(error.userMessage).toBe(chatErrorMessages['Chat service unavailable']);
    }
    expect(serviceError(500, null).userMessage).toBe(chatErrorMessages['Chat service unavailable']);
  });

  it("shows the server's message for a rate limit", () => {
    const body = apiError('RATE_LIMITED', 'Muitas mensagens. Aguarde 30 segundos.');
    expect(serviceError(429, body).userMessage).toBe('Muitas mensagens. Aguarde 30 segundos.');
    // Also as an SSE error event (HTTP 200).
    expect(serviceError(200, body).userMessage).toBe('Muitas mensagens. Aguarde 30 segundos.');
    // A 429 without a readable body still says to wait.
    expect(serviceError(429, 'Too Many Requests').userMessage).toMatch(/Aguarde/);
  });

  it('tells offline from an unreachable service', () => {
    expect(networkError(false).message).toBe('No internet connection');
    expect(networkError(false).userMessage).toBe('Sem conexão com a internet.');
    expect(networkError(true).message).toBe('Failed to connect to chat service');
    expect(networkError(true).userMessage).toBe('Não foi possível conectar ao serviço de chat.');
  });
});
