import type { Channel, ChatRole } from '@atende/shared';
import type { ReactNode } from 'react';
import { formatDateTime, messagePreview } from '../lib/format';
import { ChannelBadge } from './ChannelBadge';
import { cn } from './ui/cn';

interface Props {
  channel: Channel;
  /** Who wrote: 'Visitante 3F9A2C', or a WhatsApp name and number. */
  customer: string;
  lastMessage: string | null;
  /** Who wrote it: a customer's text is shown as written, a reply's Markdown as plain text (unknown: as a reply). */
  lastMessageRole?: ChatRole | null;
  lastMessageAt: string;
  selected: boolean;
  onSelect: () => void;
  /** The line under the preview (message count, state, agent, unread badge…). */
  children: ReactNode;
}

/**
 * One conversation in a list (the agent's Conversas, the inbox): channel, customer, time and the last message on one
 * line (a customer's as written, a reply's Markdown as plain text).
 */
export function ConversationListItem({ channel, customer, lastMessage, lastMessageRole, lastMessageAt, selected, onSelect, children }: Props) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected || undefined}
      className={cn('block w-full px-4 py-3 text-left hover:bg-slate-50', selected && 'bg-brand-50 hover:bg-brand-50')}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2">
          <ChannelBadge channel={channel} />
          <span className="truncate text-sm font-semibold text-slate-800">{customer}</span>
        </span>
        <time dateTime={lastMessageAt} className="shrink-0 text-xs text-slate-500">
          {formatDateTime(lastMessageAt)}
        </time>
      </span>
      <span className="mt-1.5 line-clamp-2 block break-words text-sm text-slate-700">
        {lastMessage === null ? 'Sem mensagens' : messagePreview(lastMessage, lastMessageRole)}
      </span>
      <span className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">{children}</span>
    </button>
  );
}
