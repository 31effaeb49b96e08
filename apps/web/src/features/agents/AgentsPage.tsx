import { Bot } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';

export default function AgentsPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Agentes" />
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Bot className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 text-sm text-slate-600">Nenhum workflow encontrado</p>
      </div>
    </div>
  );
}
