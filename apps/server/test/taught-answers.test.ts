import { randomUUID } from 'node:crypto';
import type { TaughtAnswer } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../e2e/fakes';
import { chatOutput, createAgent, createBakeryAgent, outcomes } from './helpers/agents';
import { createTestContext, createUser, type TestContext, type TestUser } from './helpers/context';

function teach(ctx: TestContext, user: TestUser, agentId: string, body: unknown) {
  return ctx.request(`/api/agents/${agentId}/answers`, { method: 'POST', token: user.token, json: body });
}

describe('taught answers, offline', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('an unanswered question is answered from the next message on, with its paraphrases, before the knowledge', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const session = randomUUID();
    expect(await chatOutput(ctx, agent.webhookId, 'Vocês entregam em Campinas?', session)).toMatch(/não encontrei/);

    const res = await teach(ctx, user, agent.id, { question: 'Vocês entregam em Campinas?', answer: 'Sim! Entregamos em Campinas às terças e sextas.' });
    expect(res.status).toBe(201);

    expect(await chatOutput(ctx, agent.webhookId, 'Vocês entregam em Campinas?', session)).toBe('Sim! Entregamos em Campinas às terças e sextas.');
    expect(await chatOutput(ctx, agent.webhookId, 'fazem entrega pra campinas?', randomUUID())).toBe('Sim! Entregamos em Campinas às terças e sextas.');
    // Another city is another question: still not answered.
    expect(await chatOutput(ctx, agent.webhookId, 'Entregam em Sorocaba?', randomUUID())).toMatch(/não encontrei/);
    expect((await outcomes(ctx, agent.id)).slice(0, 4)).toEqual(['unanswered', 'answered', 'answered', 'unanswered']);

    // A taught answer wins over a passage that also matches.
    await teach(ctx, user, agent.id, { question: 'Quanto custa o bolo de cenoura?', answer: 'Hoje o bolo de cenoura sai por R$ 22,00.' });
    expect(await chatOutput(ctx, agent.webhookId, 'Qual o preço do bolo de cenoura?', randomUUID())).toBe('Hoje o bolo de cenoura sai por R$ 22,00.');
  });

  it('customers’ own wordings taught with it are answered too', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const res = await teach(ctx, user, agent.id, {
      question: 'Tem estacionamento?',
      answer: 'Temos estacionamento gratuito ao lado da loja.',
      variants: ['onde eu paro o carro?', 'Tem estacionamento?', 'onde eu paro o carro?'],
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as TaughtAnswer).variants).toEqual(['onde eu paro o carro?']);
    expect(await chatOutput(ctx, agent.webhookId, 'Onde eu paro o carro?', randomUUID())).toBe('Temos estacionamento gratuito ao lado da loja.');
  });

  it('lists, edits and deletes; an edit applies to the next message, a deletion too', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const created = (await (await teach(ctx, user, agent.id, { question: 'Aceitam pix?', answer: 'Sim, aceitamos pix.' })).json()) as TaughtAnswer;
    const list = await ctx.request(`/api/agents/${agent.id}/answers`, { token: user.token });
    expect(((await list.json()) as { answers: TaughtAnswer[] }).answers).toEqual([created]);

    const patch = await ctx.request(`/api/agents/${agent.id}/answers/${created.id}`, {
      method: 'PATCH',
      token: user.token,
      json: { answer: 'Aceitamos pix, cartão e dinheiro.' },
    });
    expect(patch.status).toBe(200);
    expect(await chatOutput(ctx, agent.webhookId, 'vcs aceitam pix?', randomUUID())).toBe('Aceitamos pix, cartão e dinheiro.');

    const renamed = await ctx.request(`/api/agents/${agent.id}/answers/${created.id}`, {
      method: 'PATCH',
      token: user.token,
      json: { question: 'Aceitam cartão de crédito?' },
    });
    expect(((await renamed.json()) as TaughtAnswer).question).toBe('Aceitam cartão de crédito?');
    expect(await chatOutput(ctx, agent.webhookId, 'aceita cartão de crédito?', randomUUID())).toBe('Aceitamos pix, cartão e dinheiro.');

    const del = await ctx.request(`/api/agents/${agent.id}/answers/${created.id}`, { method: 'DELETE', token: user.token });
    expect(del.status).toBe(204);
    expect(await chatOutput(ctx, agent.webhookId, 'aceita cartão de crédito?', randomUUID())).not.toContain('Aceitamos pix');
    const again = await ctx.request(`/api/agents/${agent.id}/answers/${created.id}`, { method: 'DELETE', token: user.token });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'NOT_FOUND', userMessage: 'Resposta ensinada não encontrada.' } });
  });

  it('refuses bad input with pt-BR messages, and a second answer for the same question', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const empty = await teach(ctx, user, agent.id, { question: '  ', answer: 'x' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { question: ['Escreva a pergunta do cliente'] } } });
    const long = await teach(ctx, user, agent.id, { question: 'Entregam?', answer: 'a'.repeat(4001) });
    expect(await long.json()).toMatchObject({ error: { details: { answer: ['Use no máximo 4000 caracteres na resposta'] } } });
    const vague = await teach(ctx, user, agent.id, { question: 'Oi, tudo bem?', answer: 'Tudo!' });
    expect(vague.status).toBe(400);
    expect(await vague.json()).toMatchObject({ error: { userMessage: expect.stringContaining('palavras do assunto') } });

    expect((await teach(ctx, user, agent.id, { question: 'Vocês entregam em Campinas?', answer: 'Sim.' })).status).toBe(201);
    const twice = await teach(ctx, user, agent.id, { question: 'Fazem entrega em Campinas?', answer: 'Não.' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { code: 'CONFLICT', userMessage: expect.stringContaining('Vocês entregam em Campinas?') } });
    expect((await teach(ctx, user, agent.id, { question: 'Vocês entregam em Sorocaba?', answer: 'Não.' })).status).toBe(201);
  });

  it("one agent's taught answers never answer for another agent", async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    const other = await createAgent(ctx, await createUser(ctx), 'Outra loja');
    await teach(ctx, user, agent.id, { question: 'Qual a senha do wi-fi?', answer: 'A senha é pao123.' });
    expect(await chatOutput(ctx, other.webhookId, 'Qual a senha do wi-fi?', randomUUID())).not.toContain('pao123');
  });
});

describe('taught answers on several instances (one Postgres)', () => {
  it.runIf(process.env.ATENDE_TEST_DB === 'postgres')(
    'an answer taught through one instance is used by another at once, though the other keeps the answers in memory',
    async () => {
      const ctx = await createTestContext();
      const other = await createTestContext({ database: ctx.database });
      try {
        const { user, agent } = await createBakeryAgent(ctx);
        // The other instance reads the agent's (still empty) answers and keeps them.
        expect(await chatOutput(other, agent.webhookId, 'Vocês têm estacionamento?', randomUUID())).not.toContain('gratuito');
        expect((await teach(ctx, user, agent.id, { question: 'Tem estacionamento?', answer: 'Temos estacionamento gratuito.' })).status).toBe(201);
        // Well before its copy would expire (a minute): the notice reached it.
        await vi.waitFor(async () => expect(await chatOutput(other, agent.webhookId, 'Vocês têm estacionamento?', randomUUID())).toBe('Temos estacionamento gratuito.'), {
          timeout: 5_000,
          interval: 100,
        });
      } finally {
        await other.close();
        await ctx.close();
      }
    },
  );
});

describe('taught answers with an AI key', () => {
  let llm: FakeOpenAI;
  let ctx: TestContext;
  beforeAll(async () => {
    llm = await startFakeOpenAI();
    ctx = await createTestContext({ env: { OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: llm.baseUrl, CHAT_MODEL: 'fake-model' } });
  });
  afterAll(async () => {
    await ctx.close();
    await llm.close();
  });

  it('the model receives the taught answer as the company’s own answer, ahead of the passages', async () => {
    const { user, agent } = await createBakeryAgent(ctx);
    await teach(ctx, user, agent.id, { question: 'Vocês entregam em Campinas?', answer: 'Entregamos em Campinas às terças.' });
    await chatOutput(ctx, agent.webhookId, 'fazem entrega para Campinas?', randomUUID());
    const system = llm.requests.at(-1)!.messages.find((m) => m.role === 'system')!.content!;
    expect(system).toContain('## Resposta definida pela empresa');
    expect(system).toContain('Entregamos em Campinas às terças.');

    await chatOutput(ctx, agent.webhookId, 'Qual o horário?', randomUUID());
    expect(llm.requests.at(-1)!.messages.find((m) => m.role === 'system')!.content).not.toContain('Resposta definida pela empresa');
  });
});
