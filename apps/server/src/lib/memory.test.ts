import v8 from 'node:v8';
import { expect, it } from 'vitest';
import { releaseMemory, releaseMemoryWhenIdle } from './memory';

it('collects the whole heap: garbage that survived into the old generation is gone afterwards', async () => {
  // ~40 MB of objects that live long enough to be promoted to the old generation, then become garbage.
  const junk = { rows: Array.from({ length: 400_000 }, (_, i) => ({ i, text: `passage ${i} `.repeat(4) })) };
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  const holding = v8.getHeapStatistics().used_heap_size;
  expect(junk.rows).toHaveLength(400_000);
  junk.rows = [];

  await releaseMemory();

  const after = v8.getHeapStatistics();
  expect(holding - after.used_heap_size).toBeGreaterThan(20 * 2 ** 20);
  // Compacted: the heap keeps little room beyond what it uses.
  expect(after.total_heap_size - after.used_heap_size).toBeLessThan(holding - after.used_heap_size);
});

it('gives memory back once the thread is idle after work that grew its heap, along with the other threads', async () => {
  const released: Array<{ before: number; after: number }> = [];
  let others = 0;
  const stop = releaseMemoryWhenIdle({
    everyMs: 50,
    growthBytes: 16 * 2 ** 20,
    alsoRelease: async () => void (others += 1),
    onRelease: (heap) => released.push(heap),
  });
  try {
    // Work that leaves garbage behind: ~40 MB that survived long enough to reach the old generation.
    const work = { rows: Array.from({ length: 400_000 }, (_, i) => ({ i, text: `turn ${i} `.repeat(4) })) };
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(work.rows).toHaveLength(400_000);
    work.rows = [];

    await expect.poll(() => released.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(released[0]!.after).toBeLessThan(released[0]!.before - 16 * 2 ** 20);
    expect(others).toBe(released.length);
  } finally {
    stop();
  }
});
