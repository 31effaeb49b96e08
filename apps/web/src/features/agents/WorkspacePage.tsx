import { hasWhatsApp, TEST_MESSAGES_PER_DAY, type Agent } from '@atende/shared';
import { ArrowLeft, ChartColumn, Check, ExternalLink, Smartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, NavLink, useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { HandoffSettingsPanel } from '../inbox';
import { KnowledgePanel, useHasKnowledge } from '../knowledge';
import { WhatsAppDialog } from '../whatsapp';
import { useAgents, useConversations, useWebLimits } from './api';
import { AppearanceForm } from './components/AppearanceForm';
import { CodePanel } from './components/CodeDialog';
import { ConversationsView } from './components/ConversationsView';
import { ErrorBox } from './components/ErrorBox';
import { PersonalityForm } from './components/IntelligenceDialog';
import { SharePanel } from './components/ShareDialog';
import { TestChat } from './components/TestChatDialog';
import { WebLimitsForm } from './components/WebLimitsForm';

/** The workspace's sections, in the order a new agent is set up (docs/product.md §2). */
const SECTIONS = [
  { slug: 'teste', label: 'Teste' },
  { slug: 'personalidade', label: 'Personalidade' },
  { slug: 'conhecimento', label: 'Conhecimento' },
  { slug: 'canais', label: 'Canais' },
  { slug: 'aparencia', label: 'Aparência' },
  { slug: 'conversas', label: 'Conversas' },
] as const;
type Section = (typeof SECTIONS)[number]['slug'];

/** Addresses of earlier releases, still linked from e-mails and bookmarks. */
const ALIASES: Record<string, Section> = { configure: 'canais', conversations: 'conversas' };

const sectionOf = (slug: string | undefined): Section | null =>
  slug === undefined ? 'teste' : (SECTIONS.find((s) => s.slug === slug)?.slug ?? ALIASES[slug] ?? null);

/**
 * One agent's workspace: test it, shape its personality, teach it, put it on its channels, dress it in the
 * brand's colours and read its conversations; a short checklist leads a new agent from creation to its first
 * customer. Each section has its own address, so the browser's back button and shared links work.
 */
export default function WorkspacePage() {
  const { id = '', section: slug } = useParams();
  const agents = useAgents();
  const agent = agents.data?.agents.find((a) => a.id === id);
  useDocumentTitle(agent ? agent.name : 'Agente');
  const section = sectionOf(slug);

  if (section === null) return <Navigate to={`/dashboard/agents/${encodeURIComponent(id)}`} replace />;
  if (agents.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
        <Spinner className="size-5 text-brand-600" /> Carregando agente...
      </p>
    );
  }
  if (agents.error) {
    return <ErrorBox message="Falha ao carregar o agente" detail={userMessageOf(agents.error)} onRetry={() => void agents.refetch()} />;
  }
  if (!agent) {
    return (
      <div className="mx-auto max-w-xl py-16 text-center">
        <p className="font-medium text-slate-800">Agente não encontrado.</p>
        <BackLink />
      </div>
    );
  }
  const tests = agents.data && { used: agents.data.usage.testMessagesUsed, limit: agents.data.usage.testMessagesLimit };
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink />
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold text-slate-900">{agent.name}</h1>
          <p className={cn('text-sm font-medium', agent.active ? 'text-green-700' : 'text-slate-500')}>
            {agent.active ? 'Ativo: atendendo clientes' : 'Inativo: o chat público está desligado'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Link to={`/dashboard/agents/${encodeURIComponent(agent.id)}/insights`} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
            <ChartColumn className="size-4" aria-hidden="true" /> Painel
          </Link>
          <a href={agent.publicChatUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
            <ExternalLink className="size-4" aria-hidden="true" /> Abrir chat público
          </a>
        </div>
      </header>
      <Checklist agent={agent} />
      <nav aria-label="Seções do agente" className="-mx-4 mb-5 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-1">
          {SECTIONS.map(({ slug: to, label }) => (
            <li key={to}>
              <NavLink
                to={`/dashboard/agents/${encodeURIComponent(agent.id)}/${to}`}
                aria-current={to === section ? 'page' : undefined}
                className={cn(
                  '-mb-px block border-b-2 px-3 py-2.5 text-sm font-medium',
                  to === section ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by agent: each agent's forms start from its own saved values. */}
      <div key={agent.id}>
        {section === 'teste' && <TestSection agent={agent} tests={tests} />}
        {section === 'personalidade' && (
          <Card title="Personalidade">
            <PersonalityForm agent={agent} />
          </Card>
        )}
        {section === 'conhecimento' && (
          <Card title="Base de Conhecimento">
            <KnowledgePanel agentId={agent.id} />
          </Card>
        )}
        {section === 'canais' && <ChannelsSection agent={agent} />}
        {section === 'aparencia' && (
          <Card title="Aparência" description="Como o chat aparece para os seus clientes: no link, no seu site e no botão flutuante.">
            <AppearanceForm agent={agent} />
          </Card>
        )}
        {section === 'conversas' && <ConversationsView agentId={agent.id} />}
      </div>
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/dashboard/agents" className="mb-4 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
      <ArrowLeft className="size-4" aria-hidden="true" /> Voltar para Agentes
    </Link>
  );
}

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl bg-white px-5 py-5 shadow-sm ring-1 ring-slate-200 sm:px-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * 'Primeiros passos': personality → knowledge → test → share, each done when the product can tell
 * (the agent edited, knowledge saved, a test conversation, a customer conversation). Gone once all are done.
 */
function Checklist({ agent }: { agent: Agent }) {
  const hasKnowledge = useHasKnowledge(agent.id);
  const conversations = useConversations(agent.id);
  const base = `/dashboard/agents/${encodeURIComponent(agent.id)}`;
  const list = conversations.data ?? [];
  const steps = [
    { label: 'Personalidade', to: `${base}/personalidade`, done: agent.updatedAt !== agent.createdAt },
    { label: 'Conhecimento', to: `${base}/conhecimento`, done: hasKnowledge },
    { label: 'Teste', to: `${base}/teste`, done: list.some((c) => c.channel === 'test') },
    { label: 'Compartilhar', to: `${base}/canais`, done: list.some((c) => c.channel !== 'test') },
  ];
  if (!conversations.data || steps.every((step) => step.done)) return null;
  return (
    <section aria-label="Primeiros passos" className="mb-5 rounded-2xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
      <h2 className="text-sm font-semibold text-brand-900">Primeiros passos</h2>
      <ol className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {steps.map((step, i) => (
          <li key={step.label}>
            <Link to={step.to} className="inline-flex items-center gap-1.5 text-sm text-brand-900 hover:underline">
              <span
                className={cn(
                  'flex size-5 items-center justify-center rounded-full text-xs font-semibold',
                  step.done ? 'bg-green-600 text-white' : 'bg-white text-brand-700 ring-1 ring-brand-200',
                )}
                aria-hidden="true"
              >
                {step.done ? <Check className="size-3.5" /> : i + 1}
              </span>
              {step.label}
              <span className="sr-only">{step.done ? ' (feito)' : ' (a fazer)'}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TestSection({ agent, tests }: { agent: Agent; tests: { used: number; limit: number } | undefined }) {
  return (
    <Card
      title="Teste seu agente"
      description="Converse como um cliente faria. Esta conversa é só sua: fica marcada como teste e não conta nas mensagens do plano."
    >
      <TestChat agent={agent} height={440} />
      <p className="mt-3 text-xs text-slate-500">
        {tests
          ? `Mensagens de teste hoje: ${tests.used} de ${tests.limit}.`
          : `Até ${TEST_MESSAGES_PER_DAY} mensagens de teste por dia.`}
      </p>
    </Card>
  );
}

function ChannelsSection({ agent }: { agent: Agent }) {
  const [whatsappOpen, setWhatsappOpen] = useState(false);
  const limits = useWebLimits(agent.id);
  return (
    <div className="space-y-5">
      <Card title="Link do chat" description="Envie para seus clientes ou coloque na bio do Instagram.">
        <SharePanel agent={agent} />
      </Card>
      <Card title="No seu site" description="Um chat dentro da página, ou um botão flutuante em todas as páginas.">
        <CodePanel agent={agent} />
      </Card>
      {hasWhatsApp(agent.nodes) && (
        <Card title="WhatsApp" description="Seu agente responde no WhatsApp da empresa (WhatsApp Business Platform, da Meta).">
          <Button type="button" variant="secondary" onClick={() => setWhatsappOpen(true)}>
            <Smartphone className="size-4" aria-hidden="true" /> Configurar WhatsApp
          </Button>
          <WhatsAppDialog agent={agent} open={whatsappOpen} onOpenChange={setWhatsappOpen} />
        </Card>
      )}
      <Card title="Atendimento humano" description="Quando o agente chama alguém da sua equipe, e quem é avisado.">
        <HandoffSettingsPanel agentId={agent.id} />
      </Card>
      <Card title="Limites do chat público">
        {limits.data ? (
          <WebLimitsForm agentId={agent.id} limits={limits.data} />
        ) : limits.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {userMessageOf(limits.error, 'Não foi possível carregar os limites.')}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="size-4" /> Carregando...
          </p>
        )}
      </Card>
    </div>
  );
}
