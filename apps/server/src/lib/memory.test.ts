import v8 from 'node:v8';
import { expect, it } from 'vitest';
import { releaseMemory } from './memory';

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
