import { chatRoleLabels, type Conversation, type UndeliveredMessage } from '@atende/shared';
import { UndeliveredNote, undeliveredBubble } from '../../../components/UndeliveredNote';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format';
import { Markdown } from '../../chat';

/**
 * A conversation read back: customer on the right as plain text, agent on the left rendered as the chat shows it.
 * With `onTeach`, a reply where the agent had no answer offers 'Ensinar resposta' for the customer's question before it.
 * A reply WhatsApp could not deliver (`undelivered`) says so under it ('Não entregue' and why).
 */
export function Transcript({
  conversation,
  onTeach,
  undelivered,
}: {
  conversation: Conversation;
  onTeach?: (question: string) => void;
  undelivered?: Map<string, UndeliveredMessage>;
}) {
  if (conversation.messages.length === 0) {
    return <p className="py-8 text-center text-sm text-slate-500">Esta conversa ainda não tem mensagens.</p>;
  }
  return (
    <ol className="space-y-3" aria-label="Mensagens">
      {conversation.messages.map((message, index) => {
        const fromCustomer = message.role === 'user';
        const failure = fromCustomer ? undefined : undelivered?.get(message.id);
        const asked =
          onTeach && message.outcome === 'unanswered' ? conversation.messages.slice(0, index).findLast((m) => m.role === 'user')?.content : undefined;
        return (
          <li key={message.id} className={cn('flex flex-col', fromCustomer ? 'items-end' : 'items-start')}>
            <div
              className={cn(
                'max-w-[85%] break-words rounded-2xl px-4 py-2 text-sm leading-relaxed',
                fromCustomer ? 'whitespace-pre-wrap rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
                message.role === 'team' && 'bg-green-50 ring-1 ring-green-200',
                failure && undeliveredBubble,
              )}
            >
              <span className={message.role === 'team' ? 'mb-0.5 block text-xs font-semibold text-green-800' : 'sr-only'}>{chatRoleLabels[message.role]}: </span>
              {fromCustomer ? message.content : <Markdown>{message.content}</Markdown>}
            </div>
            <time dateTime={message.createdAt} className="mt-1 px-1 text-xs text-slate-500">
              {formatDateTime(message.createdAt)}
            </time>
            {failure && <UndeliveredNote failure={failure} />}
            {asked && (
              <button type="button" className="mt-1 px-1 text-xs font-medium text-brand-700 underline" onClick={() => onTeach?.(asked)}>
                Ensinar resposta
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
