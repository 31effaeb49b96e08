import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createNotifier } from '../../db/notify';
import { ChannelUnavailableError, type ChannelAdapter, type OutboundMessage } from './adapter';
import { createLiveFeed, type LiveMessage } from './live';
import { createOutbound, webAdapter } from './outbound';

const conversation = (channel: 'web' | 'whatsapp', id = 'conversa-1') => ({ id, agentId: 'agente-1', channel, sessionId: 'sessao' });

/** An in-process feed whose "stored" messages are the texts given here. */
function feed(stored: Record<string, { conversationId: string; content: string }> = {}) {
  const notifier = createNotifier({ kind: 'pglite' } as Database);
  return createLiveFeed(notifier, async (id) => {
    const row = stored[id];
    return row ? { id, role: 'team', createdAt: new Date().toISOString(), ...row } : null;
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('createOutbound', () => {
  it("routes a team message to the adapter of the conversation's channel", async () => {
    const sent: OutboundMessage[] = [];
    const whatsapp: ChannelAdapter = { channel: 'whatsapp', send: async (m) => void sent.push(m) };
    const outbound = createOutbound([webAdapter(feed()), whatsapp]);
    await outbound.send(conversation('whatsapp'), { id: 'm1', text: 'Oi' });
    expect(sent).toEqual([{ id: 'm1', agentId: 'agente-1', conversationId: 'conversa-1', sessionId: 'sessao', text: 'Oi' }]);
  });

  it('refuses a channel that has no adapter', async () => {
    const outbound = createOutbound([webAdapter(feed())]);
    await expect(outbound.send(conversation('whatsapp'), { id: 'm1', text: 'Oi' })).rejects.toBeInstanceOf(ChannelUnavailableError);
  });

  it("pushes a web conversation's stored team message to the page that listens to it, and to no other", async () => {
    const live = feed({
      m1: { conversationId: 'conversa-1', content: 'Aqui é a equipe.' },
      m2: { conversationId: 'conversa-1', content: 'Ainda está aí?' },
    });
    const outbound = createOutbound([webAdapter(live)]);
    const mine: LiveMessage[] = [];
    const other: LiveMessage[] = [];
    const stop = await live.subscribe('conversa-1', (m) => mine.push(m));
    await live.subscribe('conversa-2', (m) => other.push(m));
    await outbound.send(conversation('web'), { id: 'm1', text: 'Aqui é a equipe.' });
    await tick();
    expect(mine).toMatchObject([{ id: 'm1', conversationId: 'conversa-1', role: 'team', content: 'Aqui é a equipe.' }]);
    expect(other).toEqual([]);
    stop();
    await outbound.send(conversation('web'), { id: 'm2', text: 'Ainda está aí?' });
    await tick();
    expect(mine).toHaveLength(1);
  });
});
