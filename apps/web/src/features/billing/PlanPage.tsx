import { resolvePlan } from '@atende/shared';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { PageHeader } from '../../components/ui/PageHeader';
import { useMe } from '../account/api';

export default function PlanPage() {
  const me = useMe();
  const plan = me.data ? resolvePlan(me.data.plan) : null;
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/dashboard/agents" className="mb-4 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden="true" /> Voltar
      </Link>
      <PageHeader title="Meu plano" />
      {me.isError && <Alert tone="error">Falha ao carregar informações do plano</Alert>}
      {plan && (
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm text-slate-500">Plano atual</p>
          <p className="text-2xl font-bold text-slate-900">{plan.name}</p>
          <ul className="mt-4 list-inside list-disc space-y-1 text-sm text-slate-700">
            {plan.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
