import { useId } from 'react';
import { Modal } from '../../components/ui/Modal';
import { FileList } from './FileList';
import { KnowledgeBaseSection } from './KnowledgeBaseSection';
import { TaughtAnswersSection } from './TaughtAnswers';
import { UploadFiles } from './UploadFiles';

interface Props {
  agent: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Base de Conhecimento' (docs/product.md §2): what the agent knows about the company
 * (name, about text, links), the files it answers from and the answers the merchant taught it.
 */
export function KnowledgeDialog({ agent, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Base de Conhecimento" description={agent.name} className="max-w-2xl">
      {/* Mounted on open only: each opening starts from the saved knowledge base. */}
      <KnowledgePanel agentId={agent.id} />
    </Modal>
  );
}

/**
 * The files first (the quickest way to teach the agent, visible without scrolling), then the company's name,
 * about text and links. The dialog's body, and the workspace's 'Conhecimento'.
 */
export function KnowledgePanel({ agentId }: { agentId: string }) {
  const filesHeadingId = useId();
  return (
    <div className="space-y-6">
      <section aria-labelledby={filesHeadingId} className="space-y-3">
        <div>
          <h3 id={filesHeadingId} className="text-base font-semibold text-slate-900">
            Arquivos
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Envie catálogos, tabelas de preços, perguntas frequentes e outros documentos: o agente responde com base neles.
          </p>
        </div>
        <UploadFiles agentId={agentId} />
        <FileList agentId={agentId} />
      </section>
      <div className="border-t border-slate-100 pt-5">
        <KnowledgeBaseSection agentId={agentId} />
      </div>
      <TaughtAnswersSection agentId={agentId} />
    </div>
  );
}
