import type { Agent } from '@atende/shared';
import { Check, Copy } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Button } from '../../../components/ui/Button';
import { useCopy } from '../../../lib/useCopy';
import { iframeSnippet, popupSnippet } from '../snippets';
import { Modal } from '../../../components/ui/Modal';

interface Props {
  agent: Agent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const tabClass =
  'flex-1 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';

/** 'Código de Integração': the frame and popup snippets, each with its own copy button. */
export function CodeDialog({ agent, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Código de Integração" description={agent.name} className="max-w-2xl">
      <CodePanel agent={agent} />
    </Modal>
  );
}

/** The frame and popup snippets (the dialog's body, and the workspace's 'Canais'). */
export function CodePanel({ agent }: { agent: Agent }) {
  return (
    <Tabs.Root defaultValue="basic">
      <Tabs.List className="mb-4 flex border-b border-slate-200" aria-label="Tipo de integração">
        <Tabs.Trigger value="basic" className={tabClass}>
          Integração Básica
        </Tabs.Trigger>
        <Tabs.Trigger value="popup" className={tabClass}>
          Chat Popup
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="basic">
        <Snippet
          intro="Copie e cole este código onde deseja exibir o chat em seu site:"
          code={iframeSnippet(agent.publicChatUrl)}
        />
      </Tabs.Content>
      <Tabs.Content value="popup">
        <Snippet
          intro="Copie e cole este código antes da tag </body> do seu site para exibir um botão de chat flutuante no canto inferior direito:"
          code={popupSnippet(agent.publicChatUrl, agent.webhookId)}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Snippet({ intro, code }: { intro: string; code: string }) {
  const { copied, copy } = useCopy();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{intro}</p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={() => void copy(code)} title="Copiar código">
          {copied ? <Check className="size-4 text-green-600" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Copiado!' : 'Copiar código'}
        </Button>
        <p className="text-sm font-medium text-green-700" role="status">
          {copied ? 'Código copiado com sucesso!' : ''}
        </p>
      </div>
    </div>
  );
}
