import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import { FileList } from './FileList';
import { KnowledgeBaseSection } from './KnowledgeBaseSection';
import { UploadFiles } from './UploadFiles';

interface Props {
  agent: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Base de Conhecimento' (SPEC §2): what the agent knows about the company
 * (name, about text, links) and the files it answers from.
 */
export function KnowledgeDialog({ agent, open, onOpenChange }: Props) {
  const filesHeadingId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 focus:outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">Base de Conhecimento</Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-slate-600">{agent.name}</Dialog.Description>
            </div>
            <Dialog.Close className="-mr-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Fechar">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {/* Mounted on open only: each opening starts from the saved knowledge base. */}
          <div className="space-y-6 overflow-y-auto px-5 py-4">
            <KnowledgeBaseSection agentId={agent.id} />
            <section aria-labelledby={filesHeadingId} className="space-y-3 border-t border-slate-100 pt-5">
              <div>
                <h3 id={filesHeadingId} className="text-base font-semibold text-slate-900">
                  Arquivos
                </h3>
                <p className="mt-0.5 text-sm text-slate-600">
                  Envie catálogos, tabelas de preços, perguntas frequentes e outros documentos: o agente responde com base neles.
                </p>
              </div>
              <UploadFiles agentId={agent.id} />
              <FileList agentId={agent.id} />
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
