import type { BillingOverview, SubscriptionSummary } from '@atende/shared';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';

/**
 * The subscription in use when Mercado Pago refused its latest monthly charge (docs/product.md §4): the plan's status
 * is 'Recusado' while the plan stays. Only then may the same plan be bought again (the server answers 409 otherwise).
 */
export function refusedSubscription(overview: BillingOverview | undefined): SubscriptionSummary | null {
  return overview?.status === 'rejected' && overview.subscription ? overview.subscription : null;
}

/**
 * 'Assinar o {plano} com outro cartão': a new checkout of the same plan (/payment). Once Mercado Pago authorizes it,
 * the server cancels the refused subscription, so nobody pays twice. 'Meu plano' and the pricing page offer the same.
 */
export function RepayPlanButton({
  subscription,
  className,
  describedBy,
}: {
  subscription: SubscriptionSummary;
  className?: string;
  describedBy?: string;
}) {
  const navigate = useNavigate();
  return (
    <Button type="button" className={className} aria-describedby={describedBy} onClick={() => navigate('/payment', { state: { plan: subscription.plan } })}>
      Assinar o {subscription.planName} com outro cartão
    </Button>
  );
}
