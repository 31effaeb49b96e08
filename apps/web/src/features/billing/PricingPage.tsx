import { formatBrl, planIds, plans, type Plan, type PlanId, type SubscriptionSummary } from '@atende/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LegalLinks } from '../../components/LegalLinks';
import { buttonClass } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { AlertIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/Logo';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { authClient, useSession } from '../auth';
import { useBilling } from './api';
import { PlanCard } from './components/PlanCard';
import { refusedSubscription, RepayPlanButton } from './components/RepayPlanButton';

/** docs/product.md §2 pricing: the four plans of docs/product.md §9. */
export default function PricingPage() {
  useDocumentTitle(
    'Planos',
    'Planos do Atende: comece grátis com um agente de IA e assine o Essencial, o Pro ou o Enterprise quando o seu atendimento crescer.',
  );
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const billing = useBilling({ enabled: signedIn });
  const currentPlan = signedIn ? billing.data?.plan.id : undefined;
  // A paid subscription in place: switching plans starts a new one (charged at once) and ends this one.
  const paying = signedIn ? billing.data?.subscription : null;
  // Mercado Pago refused the plan's latest monthly charge: its card offers to pay it again, as 'Meu plano' does.
  const refused = signedIn ? refusedSubscription(billing.data) : null;
  const [switchTo, setSwitchTo] = useState<Plan | null>(null);

  /** Signed in: straight to checkout. Otherwise: register, then log in, then checkout. */
  async function subscribe(plan: PlanId) {
    const hasSession = session.data ?? (session.isPending ? (await authClient.getSession()).data : null);
    if (hasSession) navigate('/payment', { state: { plan } });
    else navigate('/register', { state: { plan, returnTo: '/payment' } });
  }

  function action(plan: Plan) {
    const wide = 'w-full';
    if (plan.id === currentPlan && refused?.plan === plan.id) return <RefusedPlan subscription={refused} className={wide} />;
    if (plan.id === currentPlan) {
      return (
        <Link to="/dashboard/plan" className={buttonClass('secondary', wide)}>
          Ver meu plano
        </Link>
      );
    }
    if (plan.id === 'free') {
      return (
        <Link to={signedIn ? '/dashboard' : '/register?plan=free'} className={buttonClass('secondary', wide)}>
          Começar Grátis
        </Link>
      );
    }
    if (plan.id === 'enterprise') {
      return (
        <Link to="/register?plan=enterprise" className={buttonClass('secondary', wide)}>
          Falar com Vendas
        </Link>
      );
    }
    return (
      <button type="button" onClick={() => (paying ? setSwitchTo(plan) : void subscribe(plan.id))} className={buttonClass(plan.popular ? 'primary' : 'secondary', wide)}>
        Assinar {plan.name}
      </button>
    );
  }

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Logo />
        <nav aria-label="Principal">
          <Link to={signedIn ? '/dashboard' : '/login'} className={buttonClass('secondary')}>
            {signedIn ? 'Ir para o painel' : 'Entrar'}
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-6 pb-20 pt-8 sm:pt-12">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Planos</h1>
          <p className="mt-4 text-lg text-slate-600">
            Escolha o plano ideal para o seu negócio. Comece grátis e mude de plano quando precisar.
          </p>
        </div>
        <ul className="mt-14 grid gap-8 sm:grid-cols-2 xl:grid-cols-4 xl:gap-6">
          {planIds.map((id) => (
            <li key={id} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <PlanCard plan={plans[id]} current={id === currentPlan} action={action(plans[id])} />
              </div>
            </li>
          ))}
        </ul>
        {paying && switchTo && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setSwitchTo(null)}
            title={`Mudar para o plano ${switchTo.name}?`}
            description={
              <>
                <p>
                  O plano {switchTo.name} é uma nova assinatura, cobrada a partir de hoje:{' '}
                  <strong className="text-slate-900">{formatBrl(switchTo.priceBrl ?? 0)} por mês</strong>.
                </p>
                <p>
                  Assim que o pagamento for aprovado, a assinatura do plano {paying.planName} é cancelada no Mercado Pago e não
                  é mais cobrada. O valor já pago pelo plano {paying.planName} neste mês não é devolvido.
                </p>
              </>
            }
            cancelLabel={`Manter o ${paying.planName}`}
            confirmLabel="Continuar para o pagamento"
            pendingLabel="Continuar para o pagamento"
            pending={false}
            confirmVariant="primary"
            onConfirm={() => {
              const plan = switchTo.id;
              setSwitchTo(null);
              void subscribe(plan);
            }}
          />
        )}
        <p className="mt-10 text-center text-sm text-slate-500">
          Pagamento mensal recorrente pelo Mercado Pago. Cancele quando quiser em “Meu plano”.
        </p>
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-600">
        <LegalLinks linkClassName="hover:underline" />
      </footer>
    </div>
  );
}

/**
 * The current plan's card after Mercado Pago refused its latest monthly charge: what happened and, as in 'Meu plano',
 * paying the same plan again with another card (docs/product.md §2, §4).
 */
function RefusedPlan({ subscription, className }: { subscription: SubscriptionSummary; className: string }) {
  const noteId = `plan-${subscription.plan}-refused`;
  const hintId = `${noteId}-hint`;
  return (
    <div className="space-y-2">
      <p id={noteId} className="flex gap-1.5 text-sm font-medium text-red-800">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        O Mercado Pago recusou a última cobrança do seu plano.
      </p>
      <RepayPlanButton subscription={subscription} className={className} describedBy={`${noteId} ${hintId}`} />
      <p id={hintId} className="text-xs text-slate-500">
        A assinatura recusada é cancelada assim que o novo pagamento for aprovado.
      </p>
    </div>
  );
}
