import {
  chatRoleLabels,
  conversationStateLabels,
  conversationStates,
  type Conversation,
  type ConversationState,
  type InboxConversation,
  type MessageDelivery,
} from '@atende/shared';
import { ArrowLeft, Headset, SendHorizontal } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ChannelBadge } from '../../components/ChannelBadge';
import { ConversationListItem } from '../../components/ConversationListItem';
import { EarlierMessagesButton } from '../../components/EarlierMessagesButton';
import { MessageDeliveryState, undeliveredBubble } from '../../components/Delivery';
import { Alert } from '../../components/ui/Alert';
import { AlertIcon } from '../../components/ui/icons';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useDeliveries } from '../../lib/delivery';
import { Markdown } from '../chat';
import { inboxKeys, useConversationAction, useInbox, useInboxConversation, useInboxEvents, useTeamReply } from './api';

const STATE_STYLES: Record<ConversationState, string> = {
  bot: 'bg-slate-100 text-slate-700 ring-slate-200',
  waiting: 'bg-amber-50 text-amber-800 ring-amber-200',
  human: 'bg-brand-50 text-brand-700 ring-brand-100',
  closed: 'bg-slate-50 text-slate-500 ring-slate-200',
};

const selectClass = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

/**
 * 'Atendimentos' (issue 16, docs/product.md §10): every customer conversation of the account, newest first, updated
 * live; the selected one (?conversa=) with take over, reply and hand back. On a phone the list and the conversation
 * are two steps, and the browser's back button returns to the list.
 */
export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('conversa');
  const live = useInboxEvents();
  const list = useInbox();
  const [agentFilter, setAgentFilter] = useState('');
  const [channelFilter, setChannelFilter] = useState('');
  const [stateFilter, setStateFilter] = useState('');

  const agents = useMemo(() => [...new Map((list.data ?? []).map((c) => [c.agentId, c.agentName])).entries()], [list.data]);
  const shown = (list.data ?? []).filter(
    (c) => (!agentFilter || c.agentId === agentFilter) && (!channelFilter || c.channel === channelFilter) && (!stateFilter || c.state === stateFilter),
  );
  const selected = list.data?.find((c) => c.id === selectedId);
  const select = (id: string | null) => setParams(id ? { conversa: id } : {});

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Atendimentos"
        description="As conversas dos seus agentes com os clientes, ao vivo. Assuma uma conversa para responder você mesmo."
        actions={
          <span className={cn('inline-flex items-center gap-2 text-xs font-medium', live ? 'text-green-700' : 'text-slate-500')} role="status">
            <span className={cn('size-2 rounded-full', live ? 'bg-green-500' : 'bg-slate-300')} aria-hidden="true" />
            {live ? 'Ao vivo' : 'Conectando...'}
          </span>
        }
      />
      <div className={cn('mb-4 flex flex-wrap gap-2', selectedId && 'hidden md:flex')}>
        <label className="sr-only" htmlFor="filtro-agente">Agente</label>
        <select id="filtro-agente" className={selectClass} value={agentFilter} onChange={(e) => setAgentFilter(e.target.value)}>
          <option value="">Todos os agentes</option>
          {agents.map(([id, name]) => (
            <option key={id} value={id}>{name}</option>
          ))}
        </select>
        <label className="sr-only" htmlFor="filtro-canal">Canal</label>
        <select id="filtro-canal" className={selectClass} value={channelFilter} onChange={(e) => setChannelFilter(e.target.value)}>
          <option value="">Todos os canais</option>
          <option value="web">Site</option>
          <option value="whatsapp">WhatsApp</option>
        </select>
        <label className="sr-only" htmlFor="filtro-estado">Situação</label>
        <select id="filtro-estado" className={selectClass} value={stateFilter} onChange={(e) => setStateFilter(e.target.value)}>
          <option value="">Todas as situações</option>
          {conversationStates.map((s) => (
            <option key={s} value={s}>{conversationStateLabels[s]}</option>
          ))}
        </select>
      </div>
      {list.isPending && <Loading label="Carregando atendimentos..." />}
      {list.error && <Alert tone="error">{userMessageOf(list.error)}</Alert>}
      {list.data && list.data.length === 0 && !selectedId && (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          <Headset className="mx-auto mb-2 size-8 text-slate-400" aria-hidden="true" />
          Nenhuma conversa ainda. Quando um cliente escrever no chat do site ou no WhatsApp, ela aparece aqui na hora.
        </div>
      )}
      {list.data && (list.data.length > 0 || selectedId) && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
          <nav aria-label="Lista de atendimentos" className={cn(selectedId && 'hidden md:block')}>
            {shown.length === 0 ? (
              <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">
                {list.data.length === 0 ? 'Nenhuma conversa ainda.' : 'Nenhuma conversa com esses filtros.'}
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                {shown.map((c) => (
                  <li key={c.id}>
                    <Item conversation={c} selected={c.id === selectedId} onSelect={() => select(c.id)} />
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <div className={cn(!selectedId && 'hidden md:block')}>
            {selectedId ? (
              <Detail conversationId={selectedId} summary={selected} gone={!selected && !list.isFetching && !list.error} onBack={() => select(null)} />
            ) : (
              <div className="flex h-full min-h-48 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
                Selecione uma conversa para acompanhar e responder.
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** 'Maria Souza · +5511987654321' on WhatsApp (the profile name and the number), 'Visitante 3F9A2C' on the web. */
const customerOf = (c: { customerName: string | null; customerLabel: string }) => (c.customerName ? `${c.customerName} · ${c.customerLabel}` : c.customerLabel);

function StateBadge({ state }: { state: ConversationState }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', STATE_STYLES[state])} data-state={state}>
      {conversationStateLabels[state]}
    </span>
  );
}

function Item({ conversation: c, selected, onSelect }: { conversation: InboxConversation; selected: boolean; onSelect: () => void }) {
  return (
    <ConversationListItem
      channel={c.channel}
      customer={customerOf(c)}
      lastMessage={c.lastMessage}
      lastMessageRole={c.lastMessageRole}
      lastMessageAt={c.lastMessageAt}
      selected={selected}
      onSelect={onSelect}
    >
      <StateBadge state={c.state} />
      {c.undelivered && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-800 ring-1 ring-inset ring-red-200" title="A última mensagem enviada pelo WhatsApp não chegou ao cliente">
          <AlertIcon className="size-3" /> Não entregue
        </span>
      )}
      <span className="truncate">{c.agentName}</span>
      {c.unread > 0 && (
        <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 font-semibold text-white" aria-label={`${c.unread} ${c.unread === 1 ? 'mensagem não lida' : 'mensagens não lidas'}`}>
          {c.unread}
        </span>
      )}
    </ConversationListItem>
  );
}

function Detail({
  conversationId,
  summary,
  gone,
  onBack,
}: {
  conversationId: string;
  summary: InboxConversation | undefined;
  /** The list (the 200 newest, inbox/service.ts) is loaded and the conversation is not in it: erased (LGPD), or older. */
  gone: boolean;
  onBack: () => void;
}) {
  const agentId = summary?.agentId;
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInboxConversation(agentId, conversationId);
  const deliveries = useDeliveries(agentId, conversationId, data?.channel ?? summary?.channel, inboxKeys.conversation(conversationId));
  const action = useConversationAction();
  const reply = useTeamReply();
  const [text, setText] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const unread = summary?.unread ?? 0;

  // Opening a conversation with unread messages marks them read.
  useEffect(() => {
    if (agentId && unread > 0) action.mutate({ agentId, conversationId, action: 'read' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new unread count
  }, [agentId, conversationId, unread]);

  // To the newest message when one arrives, not when earlier ones are loaded above.
  // Braces: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup function.
  const newest = data?.messages.at(-1)?.id;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || !agentId) return;
    reply.mutate({ agentId, conversationId, text: message }, { onSuccess: () => setText('') });
  };

  const state = data?.state ?? summary?.state;
  const failure = action.error ?? reply.error;
  return (
    <section aria-label="Conversa selecionada" className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <button type="button" onClick={onBack} className="mb-3 inline-flex items-center gap-1 self-start text-sm text-slate-600 hover:text-slate-900 md:hidden">
        <ArrowLeft className="size-4" aria-hidden="true" /> Voltar para a lista
      </button>
      {gone ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200" role="status">
          Esta conversa não está mais em Atendimentos: os dados do cliente podem ter sido excluídos (LGPD), ou ela é mais antiga que as 200 conversas mais recentes que aparecem aqui (todas ficam em “Conversas”, no agente).
        </p>
      ) : (
        <>
          {(isPending || !summary) && !error && <Loading label="Carregando conversa..." />}
          {error && <Alert tone="error">{userMessageOf(error)}</Alert>}
        </>
      )}
      {data && summary && !gone && (
        <>
          <header className="mb-4 flex flex-wrap items-center gap-2 border-b border-slate-100 pb-3 text-sm text-slate-600">
            <ChannelBadge channel={data.channel} />
            <span className="font-semibold text-slate-800">{customerOf(data)}</span>
            <span aria-hidden="true">·</span>
            <span>{summary.agentName}</span>
            <span className="ml-auto" aria-live="polite">
              <StateBadge state={data.state} />
            </span>
          </header>
          {state === 'waiting' && <Alert tone="error" className="mb-3">O cliente pediu para falar com uma pessoa. O agente está aguardando a sua equipe.</Alert>}
          <div className="max-h-[55vh] min-h-48 overflow-y-auto pr-1">
            {hasNextPage && <EarlierMessagesButton onLoad={() => void fetchNextPage()} loading={isFetchingNextPage} />}
            <Messages conversation={data} deliveries={deliveries} />
            <div ref={endRef} />
          </div>
          <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
            {state !== 'human' && (
              <Button type="button" variant="secondary" loading={action.isPending && action.variables?.action === 'takeover'} onClick={() => action.mutate({ agentId: summary.agentId, conversationId, action: 'takeover' })}>
                Assumir conversa
              </Button>
            )}
            {(state === 'human' || state === 'waiting') && (
              <Button type="button" variant="ghost" loading={action.isPending && action.variables?.action === 'release'} onClick={() => action.mutate({ agentId: summary.agentId, conversationId, action: 'release' })}>
                Devolver ao agente
              </Button>
            )}
            {state !== 'closed' && (
              <Button type="button" variant="ghost" loading={action.isPending && action.variables?.action === 'close'} onClick={() => action.mutate({ agentId: summary.agentId, conversationId, action: 'close' })}>
                Encerrar
              </Button>
            )}
          </div>
          {failure && <Alert tone="error" className="mt-3">{userMessageOf(failure)}</Alert>}
          <form onSubmit={send} className="mt-3 flex items-end gap-2">
            <label htmlFor="resposta-equipe" className="sr-only">Sua resposta</label>
            <textarea
              id="resposta-equipe"
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) send(e);
              }}
              placeholder={state === 'human' ? 'Escreva para o cliente...' : 'Escreva para assumir e responder...'}
              maxLength={4000}
              className="min-h-11 flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
            <Button type="submit" loading={reply.isPending} disabled={!text.trim()} aria-label="Enviar resposta">
              <SendHorizontal className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Enviar</span>
            </Button>
          </form>
        </>
      )}
    </section>
  );
}

/**
 * The conversation as the customer saw it: their own text plain, the agent's and the team's replies in Markdown, as
 * the chat (and the agent's 'Conversas') renders them — on light bubbles, where its links and code stay readable.
 */
function Messages({ conversation, deliveries }: { conversation: Conversation; deliveries: Map<string, MessageDelivery> }) {
  return (
    <ol className="space-y-3" aria-label="Mensagens">
      {conversation.messages.map((m) => {
        const customer = m.role === 'user';
        const delivery = customer ? undefined : deliveries.get(m.id);
        return (
          <li key={m.id} className={cn('flex flex-col', customer ? 'items-start' : 'items-end')} data-role={m.role}>
            <span className="mb-0.5 px-1 text-xs font-medium text-slate-500">{chatRoleLabels[m.role]}</span>
            <div
              className={cn(
                'max-w-[85%] break-words rounded-2xl px-4 py-2 text-sm leading-relaxed text-slate-900',
                customer && 'whitespace-pre-wrap rounded-bl-sm bg-slate-100',
                m.role === 'assistant' && 'rounded-br-sm bg-brand-50 ring-1 ring-brand-100',
                m.role === 'team' && 'rounded-br-sm bg-green-50 ring-1 ring-green-200',
                delivery?.failure && undeliveredBubble,
              )}
            >
              {customer ? m.content : <Markdown>{m.content}</Markdown>}
            </div>
            <MessageDeliveryState createdAt={m.createdAt} delivery={delivery} />
          </li>
        );
      })}
    </ol>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-2 py-8 text-sm text-slate-600" role="status">
      <Spinner className="size-4" /> {label}
    </div>
  );
}
