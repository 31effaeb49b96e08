import { plans } from '@atende/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

interface Props {
  planName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cancelling: boolean;
  error: string | null;
  onConfirm: () => void;
}

/** Confirmation before cancelling the subscription (the account goes back to Gratuito at once). */
export function CancelSubscriptionDialog({ planName, open, onOpenChange, cancelling, error, onConfirm }: Props) {
  const free = plans.free;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancelar assinatura?"
      description={
        <>
          <p>
            A assinatura do plano <strong className="text-slate-900">{planName}</strong> será cancelada e não haverá novas
            cobranças. Sua conta volta imediatamente para o plano {free.name}: {free.maxAgents} agente ativo e{' '}
            {free.monthlyMessages} mensagens por mês.
          </p>
          <p>Agentes além do limite serão desativados, não excluídos. Você pode assinar de novo quando quiser.</p>
        </>
      }
      error={error}
      cancelLabel="Manter assinatura"
      confirmLabel="Cancelar assinatura"
      pendingLabel="Cancelando..."
      pending={cancelling}
      onConfirm={onConfirm}
    />
  );
}
