import { AlertDialog } from 'radix-ui';
import { Button } from '../../../components/ui/Button';

interface Props {
  agentName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deleting: boolean;
  onConfirm: () => void;
}

/** Confirmation before deleting an agent and everything it owns. */
export function DeleteAgentDialog({ agentName, open, onOpenChange, deleting, onConfirm }: Props) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Excluir agente?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            O agente <strong className="text-slate-900">{agentName}</strong>, suas conversas e sua base de conhecimento serão
            excluídos permanentemente. O link público deixará de funcionar. Esta ação não pode ser desfeita.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary" disabled={deleting}>
                Cancelar
              </Button>
            </AlertDialog.Cancel>
            <Button type="button" variant="danger" loading={deleting} onClick={onConfirm}>
              {deleting ? 'Excluindo...' : 'Excluir'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
