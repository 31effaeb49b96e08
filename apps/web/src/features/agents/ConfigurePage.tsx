import { ArrowLeft, Settings } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { useAgent } from './api';

/** SPEC §2: a placeholder until the configuration screen exists. */
export default function ConfigurePage() {
  const { id = '' } = useParams();
  const { data: agent } = useAgent(id);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Configurar agente" description={agent?.name} />
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Settings className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-800">Em breve você poderá configurar este agente aqui.</p>
        <Link to="/dashboard/agents" className={buttonClass('primary', 'mt-6')}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Voltar para Agentes
        </Link>
      </div>
    </div>
  );
}
