/** Limits how many async tasks run at once (e.g. worker threads); the others wait in FIFO order. */
export function createSemaphore(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async acquire(): Promise<void> {
      if (running < max) {
        running++;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else running--;
    },
  };
}
