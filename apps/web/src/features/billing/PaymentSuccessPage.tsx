import { CircleCheck, Clock, SearchX, TriangleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { usePaymentConfirmation } from './api';
import { PaymentShell } from './components/PaymentShell';
import { useRedirectAfter } from './components/useRedirectAfter';

const SUCCESS_REDIRECT_MS = 3000;

/**
 * docs/product.md §2 return page. Only `preapproval_id` is read from the URL; the server
 * asks the provider whether it is really authorized and the signed-in user's.
 */
export default function PaymentSuccessPage() {
  const preapprovalId = new URLSearchParams(useLocation().search).get('preapproval_id')?.trim() || null;
  const confirmation = usePaymentConfirmation(preapprovalId);
  const result = confirmation.data;
  useRedirectAfter('/dashboard', SUCCESS_REDIRECT_MS, result?.status === 'authorized');

  const planLink = (
    <Link to="/dashboard/plan" className={buttonClass('secondary')}>
      Ver meu plano
    </Link>
  );

  if (!preapprovalId || (confirmation.error instanceof ApiError && confirmation.error.status === 404)) {
    return (
      <PaymentShell title="Pagamento não encontrado" tone="warning" icon={<SearchX className="size-7" />}>
        <p>Não encontramos esta assinatura na sua conta. Seu plano não foi alterado.</p>
        {planLink}
      </PaymentShell>
    );
  }
  if (confirmation.isError) {
    return (
      <PaymentShell title="Não foi possível confirmar o pagamento" tone="error" icon={<TriangleAlert className="size-7" />}>
        <p>Não conseguimos falar com o Mercado Pago agora. Se o pagamento foi aprovado, seu plano será ativado automaticamente.</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button type="button" onClick={() => void confirmation.refetch()}>
            Tentar novamente
          </Button>
          {planLink}
        </div>
      </PaymentShell>
    );
  }
  if (!result) {
    return (
      <PaymentShell title="Confirmando pagamento" tone="info" icon={<Spinner className="size-7" />}>
        <p role="status">Estamos confirmando seu pagamento com o Mercado Pago...</p>
      </PaymentShell>
    );
  }
  if (result.status === 'authorized') {
    return (
      <PaymentShell title="Pagamento Aprovado!" tone="success" icon={<CircleCheck className="size-7" />}>
        <p>
          Seu plano <strong className="text-slate-900">{result.plan.name}</strong> está ativo.
        </p>
        <p role="status">Você será redirecionado para o painel em instantes.</p>
        <Link to="/dashboard" replace className={buttonClass('primary')}>
          Ir para o painel
        </Link>
      </PaymentShell>
    );
  }
  if (result.status === 'pending') {
    return (
      <PaymentShell title="Pagamento ainda não confirmado" tone="warning" icon={<Clock className="size-7" />}>
        <p>
          O Mercado Pago ainda não confirmou a assinatura do plano {result.plan.name}. Seu plano não foi alterado. Assim que o
          pagamento for aprovado, o plano será ativado automaticamente.
        </p>
        {planLink}
      </PaymentShell>
    );
  }
  return (
    <PaymentShell title="Assinatura não ativa" tone="warning" icon={<TriangleAlert className="size-7" />}>
      <p>Esta assinatura do plano {result.plan.name} não está ativa no Mercado Pago. Seu plano não foi alterado.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/plans" className={buttonClass('primary')}>
          Ver planos
        </Link>
        {planLink}
      </div>
    </PaymentShell>
  );
}
