import { CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button';
import { PaymentShell } from './components/PaymentShell';
import { useRedirectAfter } from './components/useRedirectAfter';

/** docs/product.md §2 return page: goes to 'Meu plano' after 5 s. Nothing changes on a failure. */
export default function PaymentFailurePage() {
  useRedirectAfter('/dashboard/plan', 5000);
  return (
    <PaymentShell title="Pagamento não aprovado" tone="error" icon={<CircleX className="size-7" />}>
      <p>O pagamento não foi concluído e nenhuma cobrança foi feita. Você pode tentar novamente ou escolher outro plano.</p>
      <p role="status">Você será levado para “Meu plano” em 5 segundos.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/dashboard/plan" replace className={buttonClass('primary')}>
          Ver meu plano
        </Link>
        <Link to="/plans" className={buttonClass('secondary')}>
          Voltar para planos
        </Link>
      </div>
    </PaymentShell>
  );
}
