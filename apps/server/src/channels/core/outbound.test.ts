import { describe, expect, it } from 'vitest';
import { ChannelUnavailableError, type ChannelAdapter, type OutboundMessage } from './adapter';
import { createLiveFeed, type LiveMessage } from './live';
import { createOutbound, webAdapter } from './outbound';

const conversation = (channel: 'web' | 'whatsapp', id = 'conversa-1') => ({ id, agentId: 'agente-1', channel, sessionId: 'sessao' });

describe('createOutbound', () => {
  it("routes a team message to the adapter of the conversation's channel", async () => {
    const sent: OutboundMessage[] = [];
    const whatsapp: ChannelAdapter = { channel: 'whatsapp', send: async (m) => void sent.push(m) };
    const outbound = createOutbound([webAdapter(createLiveFeed()), whatsapp]);
    await outbound.send(conversation('whatsapp'), { id: 'm1', text: 'Oi' });
    expect(sent).toEqual([{ id: 'm1', agentId: 'agente-1', conversationId: 'conversa-1', sessionId: 'sessao', text: 'Oi' }]);
  });

  it('refuses a channel that has no adapter', async () => {
    const outbound = createOutbound([webAdapter(createLiveFeed())]);
    await expect(outbound.send(conversation('whatsapp'), { id: 'm1', text: 'Oi' })).rejects.toBeInstanceOf(ChannelUnavailableError);
  });

  it("pushes a web conversation's team message to the page that listens to it, and to no other", async () => {
    const live = createLiveFeed();
    const outbound = createOutbound([webAdapter(live)]);
    const mine: LiveMessage[] = [];
    const other: LiveMessage[] = [];
    const stop = live.subscribe('conversa-1', (m) => mine.push(m));
    live.subscribe('conversa-2', (m) => other.push(m));

    await outbound.send(conversation('web'), { id: 'm1', text: 'Aqui é a equipe.' });
    expect(mine).toMatchObject([{ id: 'm1', conversationId: 'conversa-1', role: 'team', content: 'Aqui é a equipe.' }]);
    expect(other).toEqual([]);

    stop();
    await outbound.send(conversation('web'), { id: 'm2', text: 'Ainda está aí?' });
    expect(mine).toHaveLength(1);
  });
});
