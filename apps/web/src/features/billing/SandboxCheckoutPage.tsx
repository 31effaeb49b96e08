import { formatCents, type SandboxDecision } from '@atende/shared';
import { FlaskConical, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button, buttonClass } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError, userMessageOf } from '../../lib/api';
import { useSandboxCheckout, useSandboxDecision } from './api';
import { PaymentShell } from './components/PaymentShell';

const banner = (
  <div role="note" className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-amber-950">
    <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
    Ambiente de teste — nenhuma cobrança real
  </div>
);

/**
 * The built-in checkout used when Mercado Pago is not configured: the payer
 * approves, rejects or leaves the subscription pending, and is sent back to
 * the same return pages a real checkout would use.
 */
export default function SandboxCheckoutPage() {
  const { preapprovalId = '' } = useParams();
  const location = useLocation();
  const checkout = useSandboxCheckout(preapprovalId);
  const decision = useSandboxDecision(preapprovalId);

  function decide(choice: SandboxDecision) {
    decision.mutate(choice, { onSuccess: ({ redirect }) => window.location.assign(redirect) });
  }

  if (checkout.error instanceof ApiError && checkout.error.status === 401) {
    const returnTo = location.pathname;
    return <Navigate to={`/login?returnTo=${encodeURIComponent(returnTo)}`} state={{ returnTo }} replace />;
  }
  const shell = (children: ReactNode) => (
    <PaymentShell title="Checkout de teste" tone="warning" icon={<FlaskConical className="size-7" />} banner={banner}>
      {children}
    </PaymentShell>
  );
  if (checkout.isPending) {
    return shell(
      <p role="status" className="flex items-center justify-center gap-2">
        <Spinner className="size-4 text-brand-600" /> Carregando pagamento de teste...
      </p>,
    );
  }
  if (checkout.isError) {
    return shell(
      <>
        <Alert tone="error" className="text-left">
          {checkout.error instanceof ApiError && checkout.error.status === 404
            ? 'Pagamento de teste não encontrado.'
            : userMessageOf(checkout.error)}
        </Alert>
        <Link to="/plans" className={buttonClass('secondary')}>
          Voltar para planos
        </Link>
      </>,
    );
  }

  const data = checkout.data;
  const busy = decision.isPending || decision.isSuccess;
  return shell(
    <>
      <p>Simule aqui o que o pagador faria no Mercado Pago. Nenhum cartão é pedido e nada é cobrado.</p>
      <dl className="divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-left ring-1 ring-slate-200">
        <Row label="Assinatura">{data.reason}</Row>
        <Row label="Plano">{data.plan.name}</Row>
        <Row label="Valor">{formatCents(data.amountCents)} por mês</Row>
        <Row label="Pagador">{data.payerEmail}</Row>
      </dl>
      {decision.isError && (
        <Alert tone="error" className="text-left">
          {userMessageOf(decision.error)}
        </Alert>
      )}
      {data.status === 'pending' ? (
        <div className="grid gap-2 sm:grid-cols-3">
          <Button type="button" disabled={busy} onClick={() => decide('approve')}>
            Aprovar
          </Button>
          <Button type="button" variant="danger" disabled={busy} onClick={() => decide('reject')}>
            Recusar
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => decide('pending')}>
            Deixar pendente
          </Button>
        </div>
      ) : (
        <>
          <Alert tone="success" className="text-left">
            Este pagamento de teste já foi concluído.
          </Alert>
          <Link to="/dashboard/plan" className={buttonClass('secondary')}>
            Ver meu plano
          </Link>
        </>
      )}
    </>,
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}
