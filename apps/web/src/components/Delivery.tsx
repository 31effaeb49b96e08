import type { MessageDelivery } from '@atende/shared';
import { CheckCheck } from 'lucide-react';
import { formatDateTime } from '../lib/format';
import { cn } from './ui/cn';
import { AlertIcon } from './ui/icons';

/**
 * Under one of our WhatsApp messages, how far it got (docs/product.md §10): 'Entregue' or 'Lida' in words beside its
 * time, quietly; 'Não entregue' and why on a line of its own, in red. Nothing while it is only sent, and nothing on
 * the web. Words with the icons (never colour or a tick alone), read with the message by screen readers.
 */
export function MessageDeliveryState({ createdAt, delivery }: { createdAt: string; delivery: MessageDelivery | undefined }) {
  const receipt = delivery && (delivery.status === 'delivered' || delivery.status === 'read') ? RECEIPTS[delivery.status] : null;
  return (
    <>
      <p className="mt-1 flex items-center gap-1.5 px-1 text-xs text-slate-500">
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
        {receipt && (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-0.5" title={receipt.title} data-delivery={delivery!.status}>
              <CheckCheck className={cn('size-3.5', receipt.iconClass)} aria-hidden="true" />
              {receipt.label}
            </span>
          </>
        )}
      </p>
      {delivery?.failure && <UndeliveredNote failure={delivery.failure} />}
    </>
  );
}

const RECEIPTS = {
  delivered: { label: 'Entregue', title: 'Entregue no WhatsApp do cliente', iconClass: 'text-slate-400' },
  read: { label: 'Lida', title: 'O cliente leu a mensagem no WhatsApp', iconClass: 'text-sky-600' },
} as const;

/**
 * Under a message WhatsApp could not deliver: 'Não entregue' and why, in words and with an icon (never colour alone),
 * read with the message by screen readers.
 */
function UndeliveredNote({ failure }: { failure: NonNullable<MessageDelivery['failure']> }) {
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
