import { formatBrl, formatCents } from '@atende/shared';
import { ArrowLeft, Check, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/Alert';
import { Button, buttonClass } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useBilling, useCancelSubscription } from './api';
import { CancelSubscriptionDialog } from './components/CancelSubscriptionDialog';
import { ChargeRefusedNotice } from './components/ChargeRefusedNotice';
import { PaymentHistory } from './components/PaymentHistory';
import { PaymentStatusBadge } from './components/PaymentStatusBadge';
import { refusedSubscription } from './components/RepayPlanButton';
import { UsageMeter } from './components/UsageMeter';
import { formatDate } from '../../lib/format';
import { planPrice } from './format';

/** docs/product.md §2 'Meu plano': plan, status, start date, features, usage this month, change or cancel, payment history. */
export default function PlanPage() {
  const billing = useBilling();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const data = billing.data;
  const refused = refusedSubscription(data);

  function confirmCancel() {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Assinatura cancelada. Sua conta agora está no plano Gratuito.');
      },
    });
  }

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/dashboard/agents" className="mb-4 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden="true" /> Voltar
      </Link>
      <PageHeader title="Meu plano" />
      {billing.isError && (
        <div className="space-y-3">
          <Alert tone="error">Falha ao carregar informações do plano</Alert>
          <Button type="button" variant="secondary" onClick={() => void billing.refetch()}>
            Tentar novamente
          </Button>
        </div>
      )}
      {billing.isPending && (
        <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
          <Spinner className="size-5 text-brand-600" /> Carregando seu plano...
        </p>
      )}
      {data && (
        <div className="space-y-6">
          {refused && <ChargeRefusedNotice subscription={refused} payments={data.payments} />}
          <section aria-labelledby="current-plan" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div>
                <p className="text-sm text-slate-500">Plano atual</p>
                <h2 id="current-plan" className="text-2xl font-bold text-slate-900">
                  {data.plan.name}
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  {data.subscription
                    ? `${formatCents(data.subscription.amountCents)} por mês`
                    : data.plan.priceBrl === null
                      ? planPrice(data.plan)
                      : `${formatBrl(data.plan.priceBrl)} por mês`}
                </p>
              </div>
              <dl className="grid grid-cols-[auto_auto] items-center gap-x-3 gap-y-2 text-sm">
                <dt className="text-slate-500">Status</dt>
                <dd>
                  {/* Gratuito has no payment to wait for: it is simply active. */}
                  {data.plan.id === 'free' ? <PaymentStatusBadge status="approved" label="Ativo" /> : <PaymentStatusBadge status={data.status} />}
                </dd>
                <dt className="text-slate-500">Início</dt>
                <dd className="font-medium text-slate-900">{data.startedAt ? formatDate(data.startedAt) : '-'}</dd>
              </dl>
            </div>
            <h3 className="mt-6 text-sm font-semibold text-slate-900">Incluído no seu plano</h3>
            <ul className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
              {data.plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="mt-6 flex flex-col gap-2 border-t border-slate-100 pt-6 sm:flex-row">
              <Link to="/plans" className={buttonClass('primary')}>
                Mudar de plano
              </Link>
              {data.subscription && (
                <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
                  Cancelar assinatura
                </Button>
              )}
            </div>
            {data.provider === 'sandbox' && (
              <p className="mt-4 flex items-center gap-2 text-xs text-slate-500">
                <FlaskConical className="size-4" aria-hidden="true" /> Pagamentos em ambiente de teste: nenhuma cobrança real é
                feita.
              </p>
            )}
          </section>

          <section aria-labelledby="usage" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="usage" className="text-lg font-semibold text-slate-900">
              Uso neste mês
            </h2>
            <div className="mt-4 space-y-5">
              <UsageMeter label="Mensagens" used={data.usage.messagesUsed} limit={data.usage.messagesQuota} unit="mensagens" />
              <UsageMeter label="Agentes" used={data.usage.agentsUsed} limit={data.usage.agentsLimit} unit="agentes" />
            </div>
          </section>

          <PaymentHistory payments={data.payments} />

          {data.subscription && (
            <CancelSubscriptionDialog
              planName={data.subscription.planName}
              open={confirming}
              onOpenChange={(open) => {
                setConfirming(open);
                if (!open) cancel.reset();
              }}
              cancelling={cancel.isPending}
              error={cancel.isError ? userMessageOf(cancel.error) : null}
              onConfirm={confirmCancel}
            />
          )}
        </div>
      )}
    </div>
  );
}
