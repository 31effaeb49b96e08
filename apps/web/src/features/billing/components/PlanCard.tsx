import type { Plan } from '@atende/shared';
import { Check, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { planPrice } from '../format';

/** One pricing card: name, price, features and the action (a link or a button) given by the page. */
export function PlanCard({ plan, current, action }: { plan: Plan; current: boolean; action: ReactNode }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1',
        plan.popular ? 'shadow-xl shadow-brand-600/10 ring-2 ring-brand-600' : 'ring-slate-200',
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          <Sparkles className="size-3.5" aria-hidden="true" /> Mais Popular
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        {current && (
          <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-200">
            Seu plano atual
          </span>
        )}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className={cn('font-extrabold tracking-tight text-slate-900', plan.priceBrl === null ? 'text-3xl' : 'text-4xl')}>
          {plan.priceBrl === null ? planPrice(plan) : `R$ ${plan.priceBrl}`}
        </span>
        {plan.priceBrl !== null && <span className="text-sm font-medium text-slate-500">/mês</span>}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
