import { brandColors, type PublicAgent } from '@atende/shared';
import { useEffect, useState, type CSSProperties } from 'react';
import { cn } from '../../components/ui/cn';
import { ChatOffIcon } from '../../components/ui/icons';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { fetchPublicAgent } from './api';
import { ChatPanel } from './ChatPanel';
import { inWidgetFrame, useEscapeClosesWidget } from './widget-frame';

/*
 * The public chat page: opened from a shared link or framed on merchants'
 * sites by the widget and the embed snippet. It stays light: no auth client,
 * no query library, nothing from other features, and no router (the route
 * passes the id in), so it can also be mounted on its own.
 */

type AgentState = { status: 'loading' } | { status: 'ready'; agent: PublicAgent } | { status: 'unavailable' } | { status: 'failed' };

export function PublicChat({ webhookId }: { webhookId?: string }) {
  const [inWidget] = useState(inWidgetFrame);
  useEscapeClosesWidget(inWidget);
  if (!webhookId) {
    return (
      <Notice title="Link de chat inválido">Confira o endereço recebido ou peça um novo link à empresa.</Notice>
    );
  }
  return <AgentChat key={webhookId} webhookId={webhookId} inWidget={inWidget} />;
}

function AgentChat({ webhookId, inWidget }: { webhookId: string; inWidget: boolean }) {
  const [state, setState] = useState<AgentState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPublicAgent(webhookId, controller.signal).then(
      (agent) => setState(agent ? { status: 'ready', agent } : { status: 'unavailable' }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the agent', err);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [webhookId, attempt]);

  if (state.status === 'loading') return <FullPageSpinner label="Carregando chat..." />;
  if (state.status === 'unavailable') {
    return (
      <Notice title="Este chat não está disponível no momento">
        O atendimento pode estar pausado pela empresa. Tente novamente mais tarde.
      </Notice>
    );
  }
  if (state.status === 'failed') {
    return (
      <Notice title="Não foi possível abrir o chat">
        Verifique sua conexão com a internet.{' '}
        <button
          type="button"
          className="font-medium text-brand-700 underline underline-offset-2"
          onClick={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          Tentar novamente
        </button>
      </Notice>
    );
  }

  return <ChatScreen agent={state.agent} webhookId={webhookId} inWidget={inWidget} />;
}

function ChatScreen({ agent, webhookId, inWidget }: { agent: PublicAgent; webhookId: string; inWidget: boolean }) {
  const { appearance } = agent;
  const name = appearance.displayName || agent.name;
  useDocumentTitle(name);
  // The merchant's colour re-themes every brand utility of the page (header, bubbles, buttons).
  const colors = brandColors(appearance.color);
  const theme = { '--color-brand-600': colors.base, '--color-brand-700': colors.hover, '--color-brand-ink': colors.ink } as CSSProperties;
  return (
    <div className="flex h-dvh flex-col bg-slate-50" style={theme}>
      <header className="bg-brand-600 text-brand-ink">
        {/* In the widget's popup, its close button (36 px, 12 px from the edge) lies over the header's right end. */}
        <div className={cn('mx-auto flex w-full max-w-3xl items-center gap-3 py-3', inWidget ? 'pr-14 pl-4' : 'px-4')}>
          {appearance.avatarUrl ? (
            <img src={appearance.avatarUrl} alt="" className="size-9 shrink-0 rounded-full bg-white object-cover" />
          ) : (
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-white/15 font-semibold" aria-hidden="true">
              {name.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <div className="min-w-0">
            <h1 className="truncate text-base leading-tight font-semibold">{name}</h1>
            <a href="/" target="_blank" rel="noopener" className="text-xs opacity-80 hover:underline hover:opacity-100">
              Atendimento com IA · Atende
            </a>
          </div>
        </div>
      </header>
      <main className="flex min-h-0 flex-1 flex-col">
        <ChatPanel
          target={{ kind: 'public', webhookId }}
          welcome={appearance.welcomeMessage || undefined}
          suggestions={appearance.suggestions}
          className="mx-auto w-full max-w-3xl flex-1 md:border-x md:border-slate-200"
        />
      </main>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-slate-50 px-6 text-center">
      <ChatOffIcon className="size-10 text-slate-400" />
      <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
      <p className="max-w-sm text-sm text-slate-600">{children}</p>
    </main>
  );
}
