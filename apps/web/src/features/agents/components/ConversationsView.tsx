import { ArrowLeft, MessagesSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError, userMessageOf } from '../../../lib/api';
import { TeachAnswerDialog } from '../../knowledge';
import { agentKeys, useConversation, useConversations, useLiveConversations } from '../api';
import { ChannelBadge } from '../../../components/ChannelBadge';
import { ConversationListItem } from '../../../components/ConversationListItem';
import { EarlierMessagesButton } from '../../../components/EarlierMessagesButton';
import { ErrorBox } from './ErrorBox';
import { Transcript } from './Transcript';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries } from '../../../lib/delivery';

/**
 * Transcripts of one agent (the workspace's 'Conversas'): the sessions, newest first, and the selected one, kept live
 * by the account's stream as Atendimentos is (new customer messages, delivery states).
 * The selection lives in the URL (?c=), so on mobile the list and the detail are two steps
 * and the browser's back button returns to the list.
 */
export function ConversationsView({ agentId: id }: { agentId: string }) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const list = useConversations(id);
  useLiveConversations(id);
  const notFound = list.error instanceof ApiError && list.error.status === 404;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Conversas</h2>
        <button
          type="button"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
        >
          <RefreshCw className={cn('size-4', list.isFetching && 'animate-spin')} aria-hidden="true" /> Atualizar
        </button>
      </div>
      {list.isPending && <Loading label="Carregando conversas..." />}
      {notFound && <p className="text-sm text-slate-600">Agente não encontrado.</p>}
      {list.error && !notFound && (
        <ErrorBox message="Falha ao carregar conversas" detail={userMessageOf(list.error)} onRetry={() => void list.refetch()} />
      )}
      {list.data?.length === 0 && <EmptyState />}
      {list.data && list.data.length > 0 && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
          <nav aria-label="Lista de conversas" className={cn(selectedId && 'hidden md:block')}>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              {list.data.map((conversation) => (
                <li key={conversation.id}>
                  <ConversationListItem
                    channel={conversation.channel}
                    customer={conversation.customerLabel}
                    lastMessage={conversation.lastMessage}
                    lastMessageRole={conversation.lastMessageRole}
                    lastMessageAt={conversation.lastMessageAt}
                    selected={conversation.id === selectedId}
                    onSelect={() => setParams({ c: conversation.id })}
                  >
                    {conversation.messageCount} {conversation.messageCount === 1 ? 'mensagem' : 'mensagens'}
                  </ConversationListItem>
                </li>
              ))}
            </ul>
          </nav>
          <div className={cn(!selectedId && 'hidden md:block')}>
            {selectedId ? (
              <ConversationDetail agentId={id} conversationId={selectedId} onBack={() => setParams({})} />
            ) : (
              <div className="flex h-full min-h-48 items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
                Selecione uma conversa para ler as mensagens.
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function ConversationDetail({ agentId, conversationId, onBack }: { agentId: string; conversationId: string; onBack: () => void }) {
  const { data, error, isPending, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useConversation(agentId, conversationId);
  const [teaching, setTeaching] = useState<string | null>(null);
  const deliveries = useDeliveries(agentId, conversationId, data?.channel, agentKeys.conversation(agentId, conversationId));
  return (
    <section aria-label="Conversa selecionada" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <button
        type="button"
        onClick={onBack}
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900 md:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Voltar para a lista
      </button>
      {isPending && <Loading label="Carregando conversa..." />}
      {error && <ErrorBox message="Falha ao carregar a conversa" detail={userMessageOf(error)} onRetry={() => void refetch()} />}
      {data && (
        <>
          <header className="mb-4 flex flex-wrap items-center gap-2 border-b border-slate-100 pb-3 text-sm text-slate-600">
            <ChannelBadge channel={data.channel} />
            <span className="font-medium text-slate-800">{data.customerLabel}</span>
            <span aria-hidden="true">·</span>
            <span>Iniciada em {formatDateTime(data.createdAt)}</span>
            <span aria-hidden="true">·</span>
            <span>
              {data.messageCount} {data.messageCount === 1 ? 'mensagem' : 'mensagens'}
            </span>
          </header>
          {hasNextPage && <EarlierMessagesButton onLoad={() => void fetchNextPage()} loading={isFetchingNextPage} />}
          <Transcript conversation={data} onTeach={setTeaching} deliveries={deliveries} />
          {teaching !== null && <TeachAnswerDialog agentId={agentId} question={teaching} onClose={() => setTeaching(null)} />}
        </>
      )}
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-12 text-sm text-slate-600" role="status">
      <Spinner className="size-5 text-brand-600" /> {label}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <MessagesSquare className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-800">Nenhuma conversa ainda</p>
      <p className="mt-1 text-sm text-slate-600">
        Quando seus clientes conversarem com o agente, as conversas aparecem aqui.
      </p>
    </div>
  );
}
