/**
 * How the model tells us that the knowledge does not answer the customer: it writes NO_ANSWER_MARKER in its
 * reply (the prompt asks for it at the start). The marker is text, not a tool call, so it costs no second
 * round trip and works with any OpenAI-compatible provider; it is stripped from what the customer sees,
 * including from the stream, and tolerated in the forms models tend to write it in ([SEM_RESPOSTA],
 * [[sem resposta]], [sem-resposta]).
 */
export const NO_ANSWER_MARKER = '[SEM_RESPOSTA]';

const MARKER = /\s*\[{1,2}\s*sem[\s_-]*resposta\s*\]{1,2}\s*/gi;
/** A '[' this close to the end may still become a marker: hold it back from the stream. */
const LONGEST_MARKER = 24;

export function hasNoAnswerMarker(text: string): boolean {
  MARKER.lastIndex = 0;
  return MARKER.test(text);
}

export function stripNoAnswerMarker(text: string): string {
  return text.replace(MARKER, ' ').trim();
}

/**
 * Streams a reply without the marker: each delta goes in, and only text that can no longer change (no
 * partial marker, no trailing white space) goes out, so what the customer received is always a prefix of
 * the final text.
 */
export function noAnswerStreamFilter(onDelta: ((delta: string) => void) | undefined) {
  let raw = '';
  let sent = 0;
  return {
    push(delta: string) {
      raw += delta;
      if (!onDelta) return;
      let stable = raw.length;
      const open = raw.lastIndexOf('[');
      if (open >= 0 && raw.length - open <= LONGEST_MARKER && !raw.includes(']', open)) stable = open;
      const clean = stripNoAnswerMarker(raw.slice(0, stable).trimEnd());
      if (clean.length > sent) {
        onDelta(clean.slice(sent));
        sent = clean.length;
      }
    },
    /** The whole reply without the marker, and whether the model wrote it. */
    finish(): { text: string; noAnswer: boolean } {
      const text = stripNoAnswerMarker(raw);
      if (onDelta && text.length > sent) onDelta(text.slice(sent));
      return { text, noAnswer: hasNoAnswerMarker(raw) };
    },
  };
}
