import { planIds, plans, type Plan } from '@atende/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';

function summary(plan: Plan) {
  const agents = plan.maxAgents === null ? 'Agentes ilimitados' : `${plan.maxAgents} ${plan.maxAgents === 1 ? 'agente' : 'agentes'}`;
  const messages =
    plan.monthlyMessages === null ? 'mensagens ilimitadas' : `${plan.monthlyMessages.toLocaleString('pt-BR')} mensagens/mês`;
  return `${agents} · ${messages}`;
}

/** The plan table at a glance (prices from the shared plan table), leading to /plans. */
export function PlansTeaser() {
  return (
    <section aria-labelledby="planos-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="planos-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Um plano para cada fase do seu negócio
          </h2>
          <p className="mt-4 text-lg text-slate-600">Comece grátis e mude de plano quando precisar. Sem fidelidade.</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:gap-4">
          {planIds.map((id) => {
            const plan = plans[id];
            return (
              <li
                key={id}
                className={cn(
                  'relative rounded-2xl bg-white p-6 ring-1',
                  plan.popular ? 'shadow-lg shadow-brand-600/10 ring-2 ring-brand-600' : 'ring-slate-200',
                )}
              >
                {plan.popular && (
                  <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">Mais Popular</p>
                )}
                <h3 className="font-semibold text-slate-900">{plan.name}</h3>
                <p className="mt-3 text-slate-900">
                  {plan.priceBrl === null ? (
                    <span className="text-2xl font-bold">Sob consulta</span>
                  ) : (
                    <>
                      <span className="text-3xl font-extrabold tracking-tight">R$ {plan.priceBrl}</span>
                      <span className="text-sm font-medium text-slate-600">/mês</span>
                    </>
                  )}
                </p>
                <p className="mt-3 text-sm text-slate-600">{summary(plan)}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/plans" className={buttonClass('primary', 'px-6 py-3 text-base')}>
            Ver planos e assinar <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
