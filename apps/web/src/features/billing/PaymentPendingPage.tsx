import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button';
import { PaymentShell } from './components/PaymentShell';
import { useRedirectAfter } from './components/useRedirectAfter';

/** docs/product.md §2 return page: goes to the dashboard after 5 s; the webhook activates the plan once the payment clears. */
export default function PaymentPendingPage() {
  useRedirectAfter('/dashboard', 5000);
  return (
    <PaymentShell title="Pagamento Pendente" tone="warning" icon={<Clock className="size-7" />}>
      <p>Seu pagamento está em processamento. Assim que for aprovado, seu plano será ativado automaticamente.</p>
      <p role="status">Você será levado para o painel em 5 segundos.</p>
      <Link to="/dashboard" replace className={buttonClass('primary')}>
        Ir para o painel
      </Link>
    </PaymentShell>
  );
}
