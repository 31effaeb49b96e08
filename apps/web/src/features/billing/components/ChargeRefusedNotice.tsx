import { formatCents, type PaymentRecord, type SubscriptionSummary } from '@atende/shared';
import { AlertIcon } from '../../../components/ui/icons';
import { formatDate } from '../../../lib/format';
import { RepayPlanButton } from './RepayPlanButton';

/**
 * 'Meu plano' after Mercado Pago refused a monthly charge of the subscription in use (docs/product.md §4): what
 * happened, what happens next and what to do — the same advice as the e-mail the owner got.
 */
export function ChargeRefusedNotice({ subscription, payments }: { subscription: SubscriptionSummary; payments: PaymentRecord[] }) {
  // The history is newest first: the refusal that set the status.
  const refused = payments.find((p) => p.status === 'rejected');
  const amount = formatCents(refused?.amountCents ?? subscription.amountCents);
  return (
    <section aria-labelledby="charge-refused" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-900">
      <h2 id="charge-refused" className="flex items-center gap-2 text-base font-semibold text-red-900">
        <AlertIcon className="size-5 shrink-0" /> O Mercado Pago recusou a cobrança da sua assinatura
      </h2>
      <p className="mt-3">
        A cobrança de <strong>{amount}</strong> do plano {subscription.planName}
        {refused ? ` em ${formatDate(refused.createdAt)}` : ''} não foi aprovada. Seu plano continua ativo por enquanto, e o Mercado
        Pago pode tentar cobrar de novo nos próximos dias. Se a assinatura for cancelada por falta de pagamento, sua conta volta
        para o plano Gratuito e os agentes além do limite dele são desativados.
      </p>
      <h3 className="mt-4 font-semibold">O que fazer</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Confira o cartão da assinatura na sua conta do Mercado Pago (validade e limite) ou troque o cartão por lá.</li>
        <li>
          Ou assine o plano {subscription.planName} de novo com outro cartão: a assinatura recusada é cancelada assim que o novo
          pagamento for aprovado.
        </li>
      </ul>
      <div className="mt-4">
        <RepayPlanButton subscription={subscription} />
      </div>
    </section>
  );
}
