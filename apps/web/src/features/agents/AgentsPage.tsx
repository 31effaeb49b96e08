import { Bot, Plus } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useAgents } from './api';
import { AgentCard } from './components/AgentCard';
import { ErrorBox } from './components/ErrorBox';
import { agentCounterText, UsagePanel } from './components/UsagePanel';

export default function AgentsPage() {
  const { data, error, isPending, refetch } = useAgents();
  const atLimit = data ? data.usage.agentsLimit !== null && data.usage.agentsUsed >= data.usage.agentsLimit : false;
  return (
    <Tooltip.Provider delayDuration={300}>
      <div className="mx-auto max-w-5xl">
        <PageHeader
          title="Agentes"
          description={data && agentCounterText(data.usage)}
          actions={
            data &&
            (atLimit ? (
              <Link to="/plans" className="text-sm font-semibold text-brand-700 hover:underline">
                Atualize seu plano para criar mais agentes
              </Link>
            ) : (
              <Link to="/dashboard/create-agent" className={buttonClass('primary')}>
                <Plus className="size-4" aria-hidden="true" /> Criar novo agente
              </Link>
            ))
          }
        />
        {error && (
          <div className="mb-6">
            <ErrorBox message="Falha ao carregar agentes" detail={userMessageOf(error)} onRetry={() => void refetch()} />
          </div>
        )}
        {isPending && (
          <div className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
            <Spinner className="size-5 text-brand-600" /> Carregando agentes...
          </div>
        )}
        {data && (
          <>
            <UsagePanel plan={data.plan} usage={data.usage} />
            {data.agents.length === 0 ? (
              <EmptyState />
            ) : (
              <ul className="grid gap-4 lg:grid-cols-2">
                {data.agents.map((agent) => (
                  <li key={agent.id}>
                    <AgentCard agent={agent} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </Tooltip.Provider>
  );
}

function EmptyState() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <Bot className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-800">Você ainda não tem agentes</p>
      <Link to="/dashboard/create-agent" className={buttonClass('primary', 'mt-4')}>
        <Plus className="size-4" aria-hidden="true" /> Criar seu primeiro agente
      </Link>
    </div>
  );
}
