import { chatRoleLabels, type Conversation, type MessageDelivery } from '@atende/shared';
import { MessageDeliveryState, undeliveredBubble } from '../../../components/Delivery';
import { cn } from '../../../components/ui/cn';
import { Markdown } from '../../chat';

/**
 * A conversation read back: customer on the right as plain text, agent on the left rendered as the chat shows it.
 * With `onTeach`, a reply where the agent had no answer offers 'Ensinar resposta' for the customer's question before it.
 * Under each of our WhatsApp messages, how far it got (`deliveries`): 'Entregue', 'Lida', or 'Não entregue' and why.
 */
export function Transcript({
  conversation,
  onTeach,
  deliveries,
}: {
  conversation: Conversation;
  onTeach?: (question: string) => void;
  deliveries?: Map<string, MessageDelivery>;
}) {
  if (conversation.messages.length === 0) {
    return <p className="py-8 text-center text-sm text-slate-500">Esta conversa ainda não tem mensagens.</p>;
  }
  return (
    <ol className="space-y-3" aria-label="Mensagens">
      {conversation.messages.map((message, index) => {
        const fromCustomer = message.role === 'user';
        const delivery = fromCustomer ? undefined : deliveries?.get(message.id);
        const asked =
          onTeach && message.outcome === 'unanswered' ? conversation.messages.slice(0, index).findLast((m) => m.role === 'user')?.content : undefined;
        return (
          <li key={message.id} className={cn('flex flex-col', fromCustomer ? 'items-end' : 'items-start')} data-role={message.role}>
            <div
              className={cn(
                'max-w-[85%] break-words rounded-2xl px-4 py-2 text-sm leading-relaxed',
                fromCustomer ? 'whitespace-pre-wrap rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
                message.role === 'team' && 'bg-green-50 ring-1 ring-green-200',
                delivery?.failure && undeliveredBubble,
              )}
            >
              <span className={message.role === 'team' ? 'mb-0.5 block text-xs font-semibold text-green-800' : 'sr-only'}>{chatRoleLabels[message.role]}: </span>
              {fromCustomer ? message.content : <Markdown>{message.content}</Markdown>}
            </div>
            <MessageDeliveryState createdAt={message.createdAt} delivery={delivery} />
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
