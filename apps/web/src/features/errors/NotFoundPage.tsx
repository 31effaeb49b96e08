import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button';
import { Logo } from '../../components/ui/Logo';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center px-6 py-16 text-center">
      <Logo className="mb-8" />
      <p className="text-sm font-semibold text-brand-600">Erro 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Página não encontrada</h1>
      <p className="mt-3 max-w-md text-slate-600">
        O endereço que você acessou não existe ou foi movido. Confira o link ou volte para o início.
      </p>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        Voltar para o início
      </Link>
    </main>
  );
}
