import type { Conversation, ConversationSummary } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatOutput, createUserWithAgent, visitor } from './helpers/agents';
import { createTestContext, type TestContext } from './helpers/context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function conversationsOf(token: string, agentId: string): Promise<ConversationSummary[]> {
  const res = await ctx.request(`/api/agents/${agentId}/conversations`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { conversations: ConversationSummary[] }).conversations;
}

describe('conversation state (issue 16)', () => {
  it('a new conversation is answered by the agent (bot) and counts the customer messages the team has not seen', async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    await chatOutput(ctx, agent.webhookId, 'Oi, vocês abrem sábado?', visitor('estado-1'));
    await chatOutput(ctx, agent.webhookId, 'E domingo?', visitor('estado-1'));
    const [summary] = await conversationsOf(user.token, agent.id);
    expect(summary).toMatchObject({ state: 'bot', unread: 2, messageCount: 4 });
    const res = await ctx.request(`/api/agents/${agent.id}/conversations/${summary!.id}`, { token: user.token });
    const conversation = (await res.json()) as Conversation;
    expect(conversation.state).toBe('bot');
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});
