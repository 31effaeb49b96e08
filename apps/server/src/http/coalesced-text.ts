/**
 * Text written to a streamed answer, coalesced: what is written in one tick goes out as one chunk at the end of it
 * (a microtask), when the sink can take it (`flush`); once the stream is closed (ended, or the client went away)
 * writes are dropped. The sinks: a web ReadableStream read by @hono/node-server (channels/web/answer-routes.ts
 * EventStream) and Node's response (http/fast-route.ts ResponseStream).
 */
export abstract class CoalescedText {
  /** Written and not yet handed to the sink. */
  protected pending = '';
  protected isClosed = false;
  #scheduled = false;

  /** True once the stream was ended or the client went away: further writes are dropped. */
  get closed(): boolean {
    return this.isClosed;
  }

  write(text: string): void {
    if (this.isClosed) return;
    this.pending += text;
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.flush();
    });
  }

  /** The client went away: what is pending and whatever is written after is dropped. */
  protected abandon(): void {
    this.isClosed = true;
    this.pending = '';
  }

  /** Hands `pending` to the sink if it can take it now (else it is gathered until the sink asks again). */
  protected abstract flush(): void;
}
