import type { Agent } from '@atende/shared';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClass } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { useCopy } from '../../../lib/useCopy';
import { Modal } from '../../../components/ui/Modal';

interface Props {
  agent: Agent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Compartilhar Chat': the public chat link with a copy button. */
export function ShareDialog({ agent, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Compartilhar Chat" description={agent.name}>
      <SharePanel agent={agent} />
    </Modal>
  );
}

/** The public chat link, its copy button and a way to open it (the dialog's body, and the workspace's 'Canais'). */
export function SharePanel({ agent }: { agent: Agent }) {
  const { copied, copy } = useCopy();
  const id = useId();
  return (
    <div className="space-y-3">
      {!agent.active && (
        <Alert tone="error">Este agente está inativo: quem abrir o link verá que o chat está indisponível até você ativá-lo.</Alert>
      )}
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Link público do chat
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={agent.publicChatUrl}
          onFocus={(event) => event.target.select()}
          className={`${inputClass} font-mono text-xs sm:text-sm`}
        />
        <Button type="button" variant="secondary" onClick={() => void copy(agent.publicChatUrl)} aria-label="Copiar link" title="Copiar link">
          {copied ? <Check className="size-4 text-green-600" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        </Button>
      </div>
      <p className="text-sm font-medium text-green-700" role="status">
        {copied ? 'Link copiado com sucesso!' : ''}
      </p>
      <p className="text-sm text-slate-600">Qualquer pessoa com este link pode conversar com o seu agente.</p>
      <a href={agent.publicChatUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'px-0 text-brand-700')}>
        <ExternalLink className="size-4" aria-hidden="true" /> Abrir chat em nova aba
      </a>
    </div>
  );
}
