import { Bot, Plus } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { AGENT_NAME_MAX } from '@atende/shared';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useMe } from '../account';
import { useAgents } from './api';
import { AgentCard } from './components/AgentCard';
import { ErrorBox } from './components/ErrorBox';
import { agentCounterText, UsagePanel } from './components/UsagePanel';
import { useCreateAgentForm } from './workspace';

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

/**
 * No agent yet: the first one is created right here, its name suggested from the company's (one click from
 * sign-up to the new agent's workspace; docs/product.md §9).
 */
function EmptyState() {
  const me = useMe();
  const { create, busy, onSubmit } = useCreateAgentForm();
  const company = me.data?.company?.trim();

  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Bot className="mx-auto size-10 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-800">Você ainda não tem agentes</p>
      <p className="mt-1 text-sm text-slate-600">Crie seu primeiro agente: em seguida, ensine a ele sobre a sua empresa.</p>
      {me.isPending ? (
        <Spinner className="mx-auto mt-5 size-5 text-brand-600" />
      ) : (
        <form onSubmit={onSubmit} noValidate className="mx-auto mt-5 flex max-w-md flex-col gap-2 text-left sm:flex-row sm:items-end">
          <Field
            label="Nome do seu primeiro agente"
            name="name"
            className="flex-1"
            defaultValue={company ? `Atendente ${company}`.slice(0, AGENT_NAME_MAX) : ''}
            placeholder="Ex.: Assistente de Vendas da Loja"
            maxLength={AGENT_NAME_MAX}
            autoComplete="off"
            required
            disabled={busy}
            error={create.isError ? userMessageOf(create.error) : undefined}
          />
          <Button type="submit" loading={busy}>
            <Plus className="size-4" aria-hidden="true" /> Criar agente
          </Button>
        </form>
      )}
    </div>
  );
}
