import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '../../components/ui/Button';

/** Shown when a route fails to render or its code chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {isRouteErrorResponse(error) && error.status === 404 ? 'Página não encontrada' : 'Algo deu errado'}
      </h1>
      <p className="mt-2 max-w-md text-slate-600">
        {chunkFailed
          ? 'Uma nova versão do Atende está disponível. Recarregue a página para continuar.'
          : 'Não foi possível exibir esta página. Tente recarregar.'}
      </p>
      <div className="mt-6 flex gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Recarregar
        </button>
        <Link to="/" className={buttonClass('secondary')}>
          Início
        </Link>
      </div>
    </main>
  );
}
