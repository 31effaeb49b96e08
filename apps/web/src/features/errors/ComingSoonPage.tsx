import { Plug } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';

export default function ComingSoonPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Integrações" />
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Plug className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-800">Em breve</p>
        <p className="mt-1 text-sm text-slate-600">Novas integrações estão a caminho.</p>
      </div>
    </div>
  );
}
