import type { UndeliveredMessage } from '@atende/shared';
import { AlertIcon } from './ui/icons';

/**
 * Under a message WhatsApp could not deliver: 'Não entregue' and why, in words and with an icon (never colour alone),
 * read with the message by screen readers.
 */
export function UndeliveredNote({ failure }: { failure: UndeliveredMessage }) {
  return (
    <p className="mt-1 flex max-w-[85%] items-start gap-1 px-1 text-xs text-red-800" data-undelivered={failure.code ?? ''}>
      <AlertIcon className="mt-px size-3.5 shrink-0" />
      <span>
        <strong className="font-semibold">Não entregue</strong>: {failure.reason}.
      </span>
    </p>
  );
}

/** The bubble of a message that was not delivered: a dashed red outline beside the note's words. */
export const undeliveredBubble = 'outline-2 outline-offset-2 outline-dashed outline-red-400';
