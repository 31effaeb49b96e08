import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Excluir agente?"
      description={
        <p>
          O agente <strong className="text-slate-900">{agentName}</strong>, suas conversas e sua base de conhecimento serão
          excluídos permanentemente. O link público deixará de funcionar. Esta ação não pode ser desfeita.
        </p>
      }
      confirmLabel="Excluir"
      pendingLabel="Excluindo..."
      pending={deleting}
      onConfirm={onConfirm}
    />
  );
}
