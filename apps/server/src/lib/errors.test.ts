import { describe, expect, it } from 'vitest';
import { notFound } from './errors';

describe('notFound', () => {
  it('names the thing in pt-BR with the participle in its gender', () => {
    expect(notFound('Agent').userMessage).toBe('Agente não encontrado.');
    expect(notFound('Conversation').userMessage).toBe('Conversa não encontrada.');
    expect(notFound('Taught answer').userMessage).toBe('Resposta ensinada não encontrada.');
    expect(notFound('Checkout').userMessage).toBe('Pagamento não encontrado.');
    expect(notFound().userMessage).toBe('Recurso não encontrado.');
  });

  it('keeps the English developer message and the 404 code', () => {
    const error = notFound('Conversation');
    expect(error.message).toBe('Conversation not found');
    expect(error.code).toBe('NOT_FOUND');
    expect(error.status).toBe(404);
  });
});
