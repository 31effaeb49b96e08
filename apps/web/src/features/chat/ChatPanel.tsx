import { CHAT_MESSAGE_MAX, chatErrorMessages } from '@atende/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert';
import { cn } from '../../components/ui/cn';
import { NewChatIcon, SendIcon } from '../../components/ui/icons';
import { inputClass } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { fetchHistory, followConversation, getSessionId, newSession, sendMessage, type ChatTarget } from './api';
import { ChatError } from './errors';
import { Markdown, preloadMarkdown } from './Markdown';

export interface ChatPanelProps {
  /** The agent's public chat, or the owner's test chat with it. */
  target: ChatTarget;
  /** Fixed height in px (docs/product.md §2: 400 in the 'Teste seu Chat' modal); omitted = fill the parent. */
  height?: number;
  className?: string;
  /** Shown before the first message (the agent's 'Aparência'): a greeting, and questions to ask with one tap. */
  welcome?: string;
  suggestions?: string[];
  /** Called once after each message's turn is over (answered or failed), e.g. to refresh what it changed. */
  onTurnEnd?: () => void;
}

/** A bubble on screen. 'error' exists only here, never on the server. */
interface UiMessage {
  id: string;
  /** 'team': someone of the business's team, writing from the inbox (issue 16). */
  role: 'user' | 'assistant' | 'team' | 'error';
  content: string;
}

let nextId = 0;
const localId = () => `local-${++nextId}`;

/** Within this distance of the bottom the list follows new text; further up, the reader is left alone. */
const STICKY_PX = 80;

export function ChatPanel(props: ChatPanelProps) {
  // Another agent is another conversation: start from a clean state.
  const { target } = props;
  return <Conversation key={target.kind === 'public' ? `public:${target.webhookId}` : `test:${target.agentId}`} {...props} />;
}

function Conversation({ target: initialTarget, height, className, welcome, suggestions = [], onTurnEnd }: ChatPanelProps) {
  // Keyed by its target (ChatPanel), so the target never changes during this conversation's life.
  const [target] = useState(initialTarget);
  // The owner's test chat is the first answer a merchant sees: have the renderer ready before it.
  useEffect(() => {
    if (target.kind === 'test') preloadMarkdown();
  }, [target]);
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [input, setInput] = useState('');
  const [loading, setLoading] = useState(false);
  const [historyLoading, setHistoryLoading] = useState(true);
  const [error, setError] = useState<ChatError | null>(null);
  const sessionRef = useRef('');
  const lastSentRef = useRef('');
  const requestRef = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const stickyRef = useRef(true);
  const inputId = useId();
  // The conversation exists on the server (history or a sent message): follow it live for the team's messages.
  const [started, setStarted] = useState(false);
  // The customer's message the agent stayed silent on (the team has the conversation): the chat says it reached the
  // team until something follows it (their reply, live).
  const [deliveredToTeam, setDeliveredToTeam] = useState<string | null>(null);

  // Restore this session's conversation from the server.
  useEffect(() => {
    const controller = new AbortController();
    sessionRef.current = getSessionId(target);
    fetchHistory(target, sessionRef.current, controller.signal)
      .then((history) => {
        // Messages typed meanwhile win: the server copy would duplicate them.
        setMessages((current) => (current.length > 0 ? current : history.map(({ id, role, content }) => ({ id, role, content }))));
        if (history.length > 0) setStarted(true);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.warn('Could not load the chat history', err);
      })
      .finally(() => {
        if (!controller.signal.aborted) setHistoryLoading(false);
      });
    return () => {
      controller.abort();
      requestRef.current?.abort();
    };
  }, [target]);

  // The team's messages from the inbox (and the agent's notice when it takes the conversation back), live. The
  // stream is reopened when it ends or fails, a little later each time.
  useEffect(() => {
    // The owner's test chat has no team on the other side: only the public chat follows.
    if (!started || target.kind !== 'public') return;
    const { webhookId } = target;
    const controller = new AbortController();
    let delay = 1000;
    const receive = (message: { id: string; role: UiMessage['role']; content: string }) =>
      setMessages((current) => (current.some((m) => m.id === message.id) ? current : [...current, { id: message.id, role: message.role, content: message.content }]));
    void (async () => {
      while (!controller.signal.aborted) {
        const opened = await followConversation(webhookId, sessionRef.current, receive, controller.signal).catch(() => false);
        if (opened) delay = 1000;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    })();
    return () => controller.abort();
  }, [target, started]);

  // Follow the newest message, smoothly unless the user prefers reduced motion.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !stickyRef.current) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollTo({ top: list.scrollHeight, behavior: reduce ? 'auto' : 'smooth' });
  }, [messages, loading]);

  const onScroll = () => {
    const list = listRef.current;
    if (list) stickyRef.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICKY_PX;
  };

  const send = async (raw: string, { retry = false } = {}) => {
    const text = raw.trim();
    if (!text || requestRef.current) return;
    const controller = new AbortController();
    requestRef.current = controller;
    lastSentRef.current = text;
    stickyRef.current = true;
    const replyId = localId();
    const sentId = localId();
    setMessages((current) => [...(retry ? withoutFailedTurn(current) : current), { id: sentId, role: 'user', content: text }]);
    setError(null);
    setLoading(true);
    const showReply = (content: string) =>
      setMessages((current) =>
        current.some((m) => m.id === replyId)
          ? current.map((m) => (m.id === replyId ? { ...m, content } : m))
          : [...current, { id: replyId, role: 'assistant', content }],
      );
    let streamed = '';
    try {
      const reply = await sendMessage(target, text, sessionRef.current, {
        signal: controller.signal,
        onDelta: (delta) => showReply((streamed += delta)),
      });
      // An empty reply: the team has the conversation; their answer comes on the live stream.
      if (reply) showReply(reply);
      else {
        setMessages((current) => current.filter((m) => m.id !== replyId));
        setDeliveredToTeam(sentId);
      }
      setStarted(true);
      // Sent: clear the input, unless something new was typed there meanwhile (possible during a retry).
      setInput((current) => (current.trim() === text ? '' : current));
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error('Chat message failed', err);
      // A half-streamed reply is dropped: the retry asks again from scratch.
      setMessages((current) => [
        ...current.filter((m) => m.id !== replyId),
        { id: localId(), role: 'error', content: chatErrorMessages['Failed to send message. Please try again.'] },
      ]);
      setError(err instanceof ChatError ? err : new ChatError('Failed to connect to chat service'));
    } finally {
      if (requestRef.current === controller) {
        requestRef.current = null;
        setLoading(false);
      }
      if (!controller.signal.aborted) onTurnEnd?.();
    }
  };

  // The input is disabled while sending, which drops its focus: give it back.
  useEffect(() => {
    if (!loading && requestRef.current === null && lastSentRef.current) inputRef.current?.focus();
  }, [loading]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(input);
  };

  const startNewConversation = () => {
    requestRef.current?.abort();
    requestRef.current = null;
    sessionRef.current = newSession(target);
    setStarted(false);
    setDeliveredToTeam(null);
    lastSentRef.current = '';
    setMessages([]);
    setError(null);
    setLoading(false);
    setInput('');
    inputRef.current?.focus();
  };

  const waitingForFirstToken = loading && messages.at(-1)?.role === 'user';
  const canSend = input.trim().length > 0 && !loading;

  return (
    <div
      className={cn('flex min-h-0 flex-col overflow-hidden bg-white', className)}
      style={height ? { height } : undefined}
    >
      <div className="flex items-center justify-end border-b border-slate-100 px-2 py-1">
        <button
          type="button"
          onClick={startNewConversation}
          disabled={messages.length === 0 && !loading}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
        >
          <NewChatIcon className="size-4" />
          Nova conversa
        </button>
      </div>

      <div
        ref={listRef}
        onScroll={onScroll}
        className="flex-1 space-y-3 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-4"
        // Focusable so the history can be scrolled with the keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-label="Mensagens do chat"
      >
        {historyLoading && messages.length === 0 && (
          <div className="flex justify-center py-6 text-slate-400" role="status">
            <Spinner className="size-5" />
            <span className="sr-only">Carregando conversa...</span>
          </div>
        )}
        {!historyLoading && messages.length === 0 && !welcome && suggestions.length === 0 && (
          <p className="py-6 text-center text-sm text-slate-500">Envie uma mensagem para começar a conversa.</p>
        )}
        {!historyLoading && messages.length === 0 && welcome && <Bubble message={{ id: 'welcome', role: 'assistant', content: welcome }} streaming={false} />}
        {!historyLoading && messages.length === 0 && suggestions.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Perguntas sugeridas">
            {suggestions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  onClick={() => void send(question)}
                  disabled={loading}
                  className="rounded-full border border-brand-600 px-3 py-1.5 text-left text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        )}
        {messages.map((message) => (
          <Bubble key={message.id} message={message} streaming={loading && message === messages.at(-1) && message.role === 'assistant'} />
        ))}
        {waitingForFirstToken && <TypingIndicator />}
        {!loading && deliveredToTeam !== null && messages.at(-1)?.id === deliveredToTeam && (
          <p className="text-center text-xs text-slate-500">Mensagem entregue à nossa equipe. A resposta aparece aqui mesmo.</p>
        )}
      </div>

      {error && (
        <Alert tone="error" className="mx-3 mb-2">
          <p className="font-semibold">Erro de conexão</p>
          <p>{error.userMessage}</p>
          <button
            type="button"
            onClick={() => void send(lastSentRef.current, { retry: true })}
            className="mt-1 font-medium underline underline-offset-2 hover:text-red-900"
          >
            Tentar conectar novamente
          </button>
        </Alert>
      )}

      <form onSubmit={onSubmit} className="flex items-center gap-2 border-t border-slate-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          Mensagem
        </label>
        <input
          ref={inputRef}
          id={inputId}
          value={input}
          onFocus={preloadMarkdown}
          onChange={(e) => setInput(e.target.value)}
          placeholder="Digite sua mensagem..."
          maxLength={CHAT_MESSAGE_MAX}
          autoComplete="off"
          enterKeyHint="send"
          disabled={loading}
          className={inputClass}
        />
        <button
          type="submit"
          disabled={!canSend}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-brand-ink shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {loading ? <Spinner className="size-4" /> : <SendIcon className="size-4" />}
          {loading ? 'Enviando...' : 'Enviar'}
        </button>
      </form>
    </div>
  );
}

/** Before a retry: the failed user message and its error bubble make way for the new attempt. */
function withoutFailedTurn(messages: UiMessage[]): UiMessage[] {
  const end = messages.length;
  if (messages[end - 1]?.role !== 'error') return messages;
  return messages.slice(0, messages[end - 2]?.role === 'user' ? end - 2 : end - 1);
}

function Bubble({ message, streaming }: { message: UiMessage; streaming: boolean }) {
  const { role, content } = message;
  return (
    <div className={cn('flex', role === 'user' ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed',
          role === 'user' && 'whitespace-pre-wrap break-words rounded-br-md bg-brand-600 text-brand-ink',
          role === 'assistant' && 'rounded-bl-md bg-slate-100 text-slate-900',
          role === 'team' && 'rounded-bl-md border border-brand-200 bg-brand-50 text-slate-900',
          role === 'error' && 'rounded-bl-md border border-red-200 bg-red-50 text-red-700',
        )}
        aria-busy={streaming || undefined}
      >
        <span className="sr-only">{role === 'user' ? 'Você: ' : role === 'assistant' ? 'Atendente: ' : role === 'team' ? '' : 'Erro: '}</span>
        {role === 'team' && <span className="mb-0.5 block text-xs font-semibold text-brand-700">Equipe:</span>}
        {role === 'assistant' || role === 'team' ? (
          <Markdown>{content}</Markdown>
        ) : (
          <p>{content}</p>
        )}
      </div>
    </div>
  );
}

function TypingIndicator() {
  return (
    <div className="flex justify-start">
      <div className="flex gap-1 rounded-2xl rounded-bl-md bg-slate-100 px-4 py-3">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
        ))}
        <span className="sr-only">Digitando...</span>
      </div>
    </div>
  );
}
