import { plans, purchasablePlanIds, type CreateSubscriptionResult, type PlanId } from '@atende/shared';
import { CreditCard, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button, buttonClass } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { useCreateSubscription } from './api';
import { PaymentShell } from './components/PaymentShell';
import { planPrice } from './format';

/** The plan asked for: navigation state first (docs/product.md §2), then `?plan=` (survives reloads and the login redirect). */
function requestedPlan(location: ReturnType<typeof useLocation>): PlanId | null {
  const state = (location.state ?? {}) as { plan?: unknown };
  const raw = typeof state.plan === 'string' ? state.plan : new URLSearchParams(location.search).get('plan');
  const id = raw?.trim().toLowerCase();
  return purchasablePlanIds.find((p) => p === id) ?? null;
}

/** replace(): going back from the checkout returns to the pricing page, not to a new checkout. */
const goToCheckout = ({ init_point }: CreateSubscriptionResult) => window.location.replace(init_point);

/** docs/product.md §2 /payment: creates the subscription on the server, then hands the browser to the checkout. */
export default function PaymentPage() {
  const planId = requestedPlan(useLocation());
  const create = useCreateSubscription();
  const started = useRef(false);
  const { mutate } = create;

  useEffect(() => {
    if (!planId || started.current) return;
    started.current = true;
    mutate(planId, { onSuccess: goToCheckout });
  }, [planId, mutate]);

  if (!planId) return <Navigate to="/plans" replace />;
  const plan = plans[planId];

  if (create.isError) {
    const detail = create.error instanceof ApiError && create.error.status < 500 ? create.error.userMessage : null;
    return (
      <PaymentShell title="Pagamento" tone="error" icon={<TriangleAlert className="size-7" />}>
        <Alert tone="error" className="text-left">
          Não foi possível iniciar o pagamento. Por favor, tente novamente.
        </Alert>
        {detail && <p>{detail}</p>}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button type="button" onClick={() => mutate(planId, { onSuccess: goToCheckout })}>
            Tentar novamente
          </Button>
          <Link to="/plans" className={buttonClass('secondary')}>
            Voltar para planos
          </Link>
        </div>
      </PaymentShell>
    );
  }

  return (
    <PaymentShell title="Pagamento" tone="info" icon={<CreditCard className="size-7" />}>
      <p>
        Plano <strong className="text-slate-900">{plan.name}</strong> — {planPrice(plan)} por mês.
      </p>
      <p role="status" className="flex items-center justify-center gap-2 font-medium text-slate-700">
        <Spinner className="size-4 text-brand-600" /> Redirecionando para o pagamento...
      </p>
    </PaymentShell>
  );
}
