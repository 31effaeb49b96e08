import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const LAST_UPDATED_ISO = '2025-01-17';
const LAST_UPDATED_LABEL = '17/01/2025';

const focusRing =
  'rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * Typography for the legal text passed as children (plain h2/h3/p/ul/ol/a/strong),
 * so the pages themselves stay free of styling noise.
 */
const proseClasses = [
  'text-base leading-7 text-slate-700',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:leading-8 [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-4',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-slate-500',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-indigo-600 [&_a]:underline [&_a]:underline-offset-2',
  '[&_a:hover]:text-indigo-800',
  '[&_a:focus-visible]:rounded-sm [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-indigo-600',
].join(' ');

export function LegalPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  useDocumentTitle(title, description);

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-3xl items-center px-6 py-4">
          <Link to="/" className={`text-lg font-bold tracking-tight text-slate-900 hover:text-indigo-600 ${focusRing}`}>
            Atende
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
        <article>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Última atualização: <time dateTime={LAST_UPDATED_ISO}>{LAST_UPDATED_LABEL}</time>
          </p>

          <div className={`mt-8 ${proseClasses}`}>{children}</div>

          <footer className="mt-16 border-t border-slate-200 pt-6">
            <Link
              to="/"
              className={`font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-800 ${focusRing}`}
            >
              Voltar para a página inicial
            </Link>
          </footer>
        </article>
      </main>
    </div>
  );
}
