import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/Logo';
import { cn } from '../../../components/ui/cn';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

const tones = {
  success: 'bg-green-100 text-green-700',
  error: 'bg-red-100 text-red-700',
  warning: 'bg-amber-100 text-amber-700',
  info: 'bg-brand-100 text-brand-700',
};

interface Props {
  title: string;
  icon: ReactNode;
  tone: keyof typeof tones;
  children: ReactNode;
  /** Shown above the card (the sandbox's test-environment banner). */
  banner?: ReactNode;
}

/** The centred card of the payment pages (checkout start, return pages, sandbox checkout). */
export function PaymentShell({ title, icon, tone, children, banner }: Props) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      {banner}
      <header className="px-6 py-5">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center">
        <section
          aria-labelledby="payment-title"
          className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl shadow-brand-600/5 ring-1 ring-slate-200 sm:p-8"
        >
          <div className={cn('mx-auto flex size-14 items-center justify-center rounded-full', tones[tone])} aria-hidden="true">
            {icon}
          </div>
          <h1 id="payment-title" className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
            {title}
          </h1>
          <div className="mt-3 space-y-4 text-sm text-slate-600">{children}</div>
        </section>
      </main>
    </div>
  );
}
