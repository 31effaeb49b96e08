import type { ReactNode } from 'react';
import { LegalLinks } from '../../components/LegalLinks';
import { Logo } from '../../components/ui/Logo';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export function AuthShell({
  title,
  description,
  subtitle,
  children,
}: {
  title: string;
  /** The page's meta description. */
  description?: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title, description);
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="px-6 py-5">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl shadow-brand-600/5 ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <footer className="pb-6 text-center text-xs text-slate-500">
        <LegalLinks linkClassName="hover:text-slate-700 hover:underline" />
      </footer>
    </div>
  );
}
