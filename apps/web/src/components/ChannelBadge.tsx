import type { Channel } from '@atende/shared';
import { cn } from './ui/cn';

const channels: Record<Channel, { label: string; className: string }> = {
  web: { label: 'Site', className: 'bg-brand-50 text-brand-700 ring-brand-100' },
  whatsapp: { label: 'WhatsApp', className: 'bg-green-50 text-green-700 ring-green-100' },
  test: { label: 'Teste', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
};

/** The channel of a conversation as a small coloured label ('Site', 'WhatsApp', 'Teste'): the transcripts and the inbox. */
export function ChannelBadge({ channel }: { channel: Channel }) {
  const { label, className } = channels[channel];
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', className)}>{label}</span>;
}
