import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatOutput, createAgent, outcomes } from './helpers/agents';
import { createTestContext, createUser, type TestContext } from './helpers/context';

let ctx: TestContext;
let webhookId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx);
  const agent = await createAgent(ctx, user, 'Bia da Padaria');
  webhookId = agent.webhookId;
  const res = await ctx.request(`/api/agents/${agent.id}/knowledge`, {
    method: 'PUT',
    token: user.token,
    json: {
      companyName: 'Padaria Pão Quente',
      about:
        'Funcionamos de segunda a sábado, das 6h às 20h.\n\nPreços:\nPão francês: R$ 0,80 a unidade.\nBolo de cenoura: R$ 25,00.\n\nEntregamos no bairro Jardim Paulista com taxa de R$ 5,00.\n\nFicamos na Rua Augusta, 1500, Consolação.',
      links: '',
    },
  });
  expect(res.status).toBe(200);
});
afterAll(() => ctx.close());

describe('offline mode (no LLM configured)', () => {
  it('reports offline in /api/health', async () => {
    expect(await (await ctx.request('/api/health')).json()).toMatchObject({ llm: 'offline' });
  });

  it("greets in the agent's voice", async () => {
    expect(await chatOutput(ctx, webhookId, 'Oi!')).toBe('Olá! Eu sou Bia da Padaria. Como posso ajudar você hoje?');
    expect(await chatOutput(ctx, webhookId, 'boa tarde')).toContain('Bia da Padaria');
  });

  it('solves arithmetic with the calculator', async () => {
    expect(await chatOutput(ctx, webhookId, 'quanto é 12*7?')).toContain('**84**');
    expect(await chatOutput(ctx, webhookId, 'Quanto dá 3 x 25,50?')).toContain('**76,5**');
  });

  it('answers from the best passage, quoting it and naming the source (accents and plurals tolerated)', async () => {
    const price = await chatOutput(ctx, webhookId, 'Qual o preco do bolo de cenoura?');
    expect(price).toContain('Bolo de cenoura: R$ 25,00.');
    expect(price).toContain('Fonte: Base de conhecimento');
    expect(price).not.toContain('Jardim Paulista');
    expect(await chatOutput(ctx, webhookId, 'Vocês fazem entrega?')).toContain('Jardim Paulista');
    expect(await chatOutput(ctx, webhookId, 'qual o horário de funcionamento')).toContain('das 6h às 20h');
  });

  it("retrieval finds a shop word's synonyms: the address for 'endereço' in a text that only says 'Rua'", async () => {
    expect(await chatOutput(ctx, webhookId, 'Oi, qual o endereço?')).toContain('Ficamos na Rua Augusta, 1500, Consolação.');
    expect(await chatOutput(ctx, webhookId, 'Qual a localização de vocês?')).toContain('Rua Augusta, 1500');
  });

  it('answers a phone number, an e-mail address or an Instagram handle asked for by name where the text only has it', async () => {
    const user = await createUser(ctx);
    const agent = await createAgent(ctx, user, 'Loja');
    const about = 'Bolo de cenoura: R$ 38,00.\n\nEncomendas pelo (11) 98888-7777 ou pelo encomendas@paoquente.com.br.\n\nSiga a gente: @padariapaoquente';
    await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Loja', about, links: '' } });
    expect(await chatOutput(ctx, agent.webhookId, 'qual o telefone?')).toContain('(11) 98888-7777');
    expect(await chatOutput(ctx, agent.webhookId, 'Vocês têm WhatsApp?')).toContain('(11) 98888-7777');
    expect(await chatOutput(ctx, agent.webhookId, 'qual o e-mail?')).toContain('encomendas@paoquente.com.br');
    expect(await chatOutput(ctx, agent.webhookId, 'qual o instagram de vocês?')).toContain('@padariapaoquente');
  });

  it('says honestly when it does not know', async () => {
    expect(await chatOutput(ctx, webhookId, 'Vocês vendem pneus de caminhão?')).toMatch(/não encontrei essa informação/);
  });

  it('stores what each answer did', async () => {
    const user = await createUser(ctx);
    const agent = await createAgent(ctx, user, 'Loja');
    await ctx.request(`/api/agents/${agent.id}/knowledge`, {
      method: 'PUT',
      token: user.token,
      json: { companyName: 'Loja', about: 'Entregamos no bairro Jardim Paulista com taxa de R$ 5,00.\n\nFicamos na Rua Augusta, 1500, Consolação.', links: '' },
    });
    for (const message of ['Olá!', 'quanto é 12*7?', 'Vocês fazem entrega?', 'Vocês vendem pneus de caminhão?', 'obrigado']) {
      await chatOutput(ctx, agent.webhookId, message);
    }
    expect(await outcomes(ctx, agent.id)).toEqual(['small_talk', 'calculation', 'answered', 'unanswered', 'small_talk']);
  });
});
