import { MEMORY_WINDOW } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import type { Notice, Notifier } from '../db/notify';
import { CONVERSATION_ERASED, TurnWindows } from './turn-windows';

const exchange = (i: number) => [
  { role: 'user' as const, content: `p${i}` },
  { role: 'assistant' as const, content: `r${i}` },
];

describe('TurnWindows', () => {
  it('keeps the last MEMORY_WINDOW exchanges after an answer that followed its message directly', () => {
    const windows = new TurnWindows();
    const history = Array.from({ length: MEMORY_WINDOW }, (_, i) => exchange(i)).flat();
    windows.answered('a', 'web', 's', { conversationId: 'c', messageCount: 31, history, message: 'novo' }, { content: 'resposta', messageCount: 32 });
    const kept = windows.get('a', 'web', 's')!;
    expect(kept.messageCount).toBe(32);
    expect(kept.history).toHaveLength(MEMORY_WINDOW * 2);
    expect(kept.history[0]).toEqual({ role: 'user', content: 'p1' });
    expect(kept.history.slice(-2)).toEqual([
      { role: 'user', content: 'novo' },
      { role: 'assistant', content: 'resposta' },
    ]);
    expect(() => (kept.history as unknown[]).push({})).toThrow(TypeError);
    // Keyed by agent, channel and session.
    expect(windows.get('a', 'whatsapp', 's')).toBeUndefined();
    expect(windows.get('b', 'web', 's')).toBeUndefined();
  });

  it('forgets the session when another message came between the turn and its answer, or the turn stored nothing', () => {
    const windows = new TurnWindows();
    windows.answered('a', 'web', 's', { conversationId: 'c', messageCount: 1, history: [], message: 'p' }, { content: 'r', messageCount: 2 });
    expect(windows.get('a', 'web', 's')).toBeDefined();
    windows.answered('a', 'web', 's', { conversationId: 'c', messageCount: 3, history: [], message: 'p' }, { content: 'r', messageCount: 5 });
    expect(windows.get('a', 'web', 's')).toBeUndefined();
    windows.answered('a', 'web', 's', { conversationId: 'c', messageCount: 1, history: [], message: 'p' }, { content: 'r', messageCount: 2 });
    windows.answered('a', 'web', 's', { conversationId: 'c', messageCount: null, history: [], message: 'p' }, { content: 'r', messageCount: 3 });
    expect(windows.get('a', 'web', 's')).toBeUndefined();
    windows.answered('a', 'web', 's', { conversationId: 'c', messageCount: 1, history: [], message: 'p' }, { content: 'r', messageCount: null });
    expect(windows.get('a', 'web', 's')).toBeUndefined();
  });

  it("drops an erased conversation's window when the notice of its erasure arrives, and only that one", async () => {
    const windows = new TurnWindows();
    let hear: (notice: Notice) => void = () => {};
    const notifier: Pick<Notifier, 'listen'> = {
      async listen(listener) {
        hear = listener;
        return () => {};
      },
    };
    windows.follow(notifier as Notifier);
    const answered = (agentId: string, sessionId: string, conversationId: string) =>
      windows.answered(agentId, 'whatsapp', sessionId, { conversationId, messageCount: 1, history: [], message: 'oi' }, { content: 'olá', messageCount: 2 });
    answered('a', '5511987654321', 'c1');
    answered('b', '5511987654321', 'c2');
    answered('a', '5521912345678', 'c3');
    hear({ type: 'inbox', conversationId: 'c1' });
    expect(windows.get('a', 'whatsapp', '5511987654321')).toBeDefined();
    hear({ type: CONVERSATION_ERASED, conversationId: 'c1' });
    hear({ type: CONVERSATION_ERASED, conversationId: 'c2' });
    expect(windows.get('a', 'whatsapp', '5511987654321')).toBeUndefined();
    expect(windows.get('b', 'whatsapp', '5511987654321')).toBeUndefined();
    expect(windows.get('a', 'whatsapp', '5521912345678')).toBeDefined();
  });
});
