import { plans } from '@atende/shared';
import { AlertDialog } from 'radix-ui';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';

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
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Cancelar assinatura?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-600">
              <p>
                A assinatura do plano <strong className="text-slate-900">{planName}</strong> será cancelada e não haverá novas
                cobranças. Sua conta volta imediatamente para o plano {free.name}: {free.maxAgents} agente ativo e{' '}
                {free.monthlyMessages} mensagens por mês.
              </p>
              <p>Agentes além do limite serão desativados, não excluídos. Você pode assinar de novo quando quiser.</p>
            </div>
          </AlertDialog.Description>
          {error && (
            <Alert tone="error" className="mt-4">
              {error}
            </Alert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary" disabled={cancelling}>
                Manter assinatura
              </Button>
            </AlertDialog.Cancel>
            <Button type="button" variant="danger" loading={cancelling} onClick={onConfirm}>
              {cancelling ? 'Cancelando...' : 'Cancelar assinatura'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
