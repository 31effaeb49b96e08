import { SYSTEM_MESSAGE_MAX, type Agent } from '@atende/shared';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { inputClass } from '../../../components/ui/Field';
import { userMessageOf } from '../../../lib/api';
import { useUpdateAgent } from '../api';
import { Modal } from '../../../components/ui/Modal';

interface Props {
  agent: Agent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Personalidade do agente': edits the agent's personality (its system message). */
export function IntelligenceDialog({ agent, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Personalidade do agente" description={agent.name} className="max-w-2xl">
      {/* Mounted on open only, so each opening starts from the saved text with no stale error. */}
      <PersonalityForm agent={agent} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

/** The personality editor; in a dialog `onDone` closes it (and shows 'Cancelar'), on the workspace it stays. */
export function PersonalityForm({ agent, onDone }: { agent: Agent; onDone?: () => void }) {
  const [text, setText] = useState(agent.systemMessage);
  const update = useUpdateAgent();
  const id = useId();
  const empty = text.trim() === '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (empty || update.isPending) return;
    update.mutate(
      { id: agent.id, patch: { systemMessage: text.trim() } },
      {
        onSuccess: () => {
          toast.success('Personalidade salva!');
          onDone?.();
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {update.isError && <Alert tone="error">{userMessageOf(update.error, 'Falha ao atualizar inteligência')}</Alert>}
      <div>
        <label htmlFor={`${id}-text`} className="mb-1.5 block text-sm font-medium text-slate-700">
          Personalidade do agente
        </label>
        <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
          Descreva como o agente deve se comportar: o tom de voz, o que ele faz pela sua empresa e o que ele não deve fazer.
        </p>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={12}
          maxLength={SYSTEM_MESSAGE_MAX}
          required
          disabled={update.isPending}
          aria-invalid={empty || undefined}
          aria-describedby={cn(`${id}-hint`, empty && `${id}-error`)}
          className={cn(inputClass, 'resize-y leading-relaxed', empty && 'ring-red-400 focus:ring-red-500')}
        />
        <div className="mt-1 flex justify-between gap-4 text-xs">
          {empty ? (
            <p id={`${id}-error`} className="text-red-600">
              Por favor, descreva o comportamento do agente
            </p>
          ) : (
            <span />
          )}
          <span className="text-slate-500">
            {text.length}/{SYSTEM_MESSAGE_MAX}
          </span>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone && (
          <Button type="button" variant="secondary" onClick={onDone} disabled={update.isPending}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={empty} loading={update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}
