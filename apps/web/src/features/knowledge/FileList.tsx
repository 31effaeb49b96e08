import { fileStatusLabels, type FileStatus, type KnowledgeFile } from '@atende/shared';
import { Download, FileText, Info, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useDeleteFile, useKnowledgeFiles } from './api';
import { formatBytes, formatPassages } from './format';

/** The agent's files with their ingestion status, refreshed while any is still being indexed. */
export function FileList({ agentId }: { agentId: string }) {
  const query = useKnowledgeFiles(agentId);

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Carregando arquivos...
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="space-y-3">
        <Alert tone="error">
          <p className="font-semibold">Falha ao carregar os arquivos</p>
          <p>{userMessageOf(query.error)}</p>
        </Alert>
        <Button type="button" variant="secondary" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  const { files, retrieval } = query.data;
  return (
    <div className="space-y-2">
      {retrieval === 'lexical' && (
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <Info className="size-3.5 shrink-0" aria-hidden="true" />
          O agente encontra as respostas pelas palavras exatas dos seus arquivos (a busca por significado não está ativada neste servidor)
        </p>
      )}
      {files.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">
          Nenhum arquivo enviado ainda.
        </p>
      ) : (
        <ul aria-label="Arquivos enviados" className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {files.map((file) => (
            <FileRow key={file.id} agentId={agentId} file={file} />
          ))}
        </ul>
      )}
    </div>
  );
}

const iconButtonClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed disabled:opacity-50';

function FileRow({ agentId, file }: { agentId: string; file: KnowledgeFile }) {
  const nameId = useId();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFile(agentId);

  async function confirmDelete() {
    try {
      await remove.mutateAsync(file.id);
      toast.success('Arquivo excluído com sucesso!');
    } catch {
      // The reason is shown in the confirmation, which stays open.
    }
  }

  return (
    <li aria-labelledby={nameId} className="flex items-start gap-3 px-3 py-3">
      <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="break-words text-sm font-medium text-slate-900">
          {file.filename}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span>{formatBytes(file.size)}</span>
          <StatusBadge status={file.status} />
          {file.status === 'ready' && <span>{formatPassages(file.passages)}</span>}
        </p>
        {file.status === 'error' && file.error && <p className="mt-1 text-xs text-red-700">{file.error}</p>}
        {file.status === 'ready' && file.notice && <p className="mt-1 text-xs text-amber-800">{file.notice}</p>}
      </div>
      <a
        href={file.url}
        aria-label={`Baixar ${file.filename}`}
        title="Baixar"
        className={cn(iconButtonClass, 'text-slate-600 hover:bg-slate-100 hover:text-slate-900')}
      >
        <Download className="size-4" aria-hidden="true" />
      </a>
      <button
        type="button"
        aria-label={`Excluir ${file.filename}`}
        title="Excluir"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        aria-busy={remove.isPending || undefined}
        className={cn(iconButtonClass, 'text-red-600 hover:bg-red-50')}
      >
        {remove.isPending ? <Spinner className="size-4" /> : <Trash2 className="size-4" aria-hidden="true" />}
      </button>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title="Excluir arquivo?"
        description={
          <p>
            O arquivo <strong className="text-slate-900">{file.filename}</strong> e os trechos indexados dele serão excluídos; o
            agente deixará de usar essas informações. Esta ação não pode ser desfeita.
          </p>
        }
        error={remove.isError ? userMessageOf(remove.error, 'Falha ao excluir o arquivo. Tente novamente.') : null}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </li>
  );
}

const badgeClasses: Record<FileStatus, string> = {
  queued: 'bg-slate-100 text-slate-700',
  processing: 'bg-amber-100 text-amber-800',
  ready: 'bg-green-100 text-green-800',
  error: 'bg-red-100 text-red-700',
};

function StatusBadge({ status }: { status: FileStatus }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium', badgeClasses[status])}>
      {status === 'processing' && <Spinner className="size-3" />}
      {fileStatusLabels[status]}
    </span>
  );
}
