import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The dangerous action's label, and its label while it runs. */
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  pending: boolean;
  /** The failure of the last attempt, shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  /** The action's look: red (the default) for what cannot be undone, the brand colour for a step forward. */
  confirmVariant?: 'danger' | 'primary';
}

/** A confirmation before an action that cannot be undone (delete, cancel): Cancel or the red action. */
export function ConfirmDialog(props: Props) {
  const { open, onOpenChange, title, description, confirmLabel, pendingLabel, cancelLabel = 'Cancelar', pending, error, onConfirm, confirmVariant = 'danger' } = props;
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 break-words text-sm text-slate-600">{description}</div>
          </AlertDialog.Description>
          {error && (
            <Alert tone="error" className="mt-4">
              {error}
            </Alert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button type="button" variant={confirmVariant} loading={pending} onClick={onConfirm}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
