import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useAgent, useWebLimits } from './api';
import { WebLimitsForm } from './components/WebLimitsForm';

/** The agent's settings: for now the limits of its public web chat. */
export default function ConfigurePage() {
  const { id = '' } = useParams();
  const { data: agent } = useAgent(id);
  const limits = useWebLimits(id);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Configurar agente" description={agent?.name} />
      <section aria-labelledby="web-limits-title" className="rounded-2xl bg-white px-6 py-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="web-limits-title" className="mb-2 text-base font-semibold text-slate-900">
          Limites do chat público
        </h2>
        {limits.data ? (
          <WebLimitsForm agentId={id} limits={limits.data} />
        ) : limits.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {userMessageOf(limits.error, 'Não foi possível carregar os limites.')}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="size-4" /> Carregando...
          </p>
        )}
      </section>
      <Link to="/dashboard/agents" className={buttonClass('secondary', 'mt-6')}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Voltar para Agentes
      </Link>
    </div>
  );
}
