import { DOCUMENT_ACCEPT, documentKindsLabel } from '@atende/shared';
import { Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Alert } from '../../components/ui/Alert';
import { buttonClass } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { uploadFile, useAddUploadedFiles } from './api';
import { formatBytes } from './format';
import { selectionError } from './selection';

const UPLOAD_FALLBACK = 'Falha ao enviar arquivos. Por favor, tente novamente.';
/** 'PDF, TXT, CSV, DOC, DOCX, XLS e XLSX', from the document kinds' registry. */
const EXTENSIONS_LABEL = documentKindsLabel();
const ACCEPT = DOCUMENT_ACCEPT;

interface PendingUpload {
  id: number;
  name: string;
  size: number;
  state: 'waiting' | 'uploading' | 'error';
  /** 0..1 of the bytes sent. */
  progress: number;
  error?: string;
}

let nextUploadId = 0;

/**
 * 'Enviar Arquivos' (docs/product.md §2, §4, §5): choose several files, refuse the whole
 * selection when one has an unsupported type or passes 50 MB, then upload each
 * file in its own request, showing its progress or the server's reason for
 * refusing it. Uploaded files move to the file list below.
 */
export function UploadFiles({ agentId }: { agentId: string }) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const addUploaded = useAddUploadedFiles(agentId);
  const inputId = useId();
  const busy = uploads.some((upload) => upload.state !== 'error');

  const update = (id: number, changes: Partial<PendingUpload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...changes } : upload)));

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = ''; // so that choosing the same file again still triggers a change
    if (chosen.length === 0) return;
    const refused = selectionError(chosen);
    setRefusal(refused);
    if (refused) return;

    const batch: PendingUpload[] = chosen.map((file) => ({ id: ++nextUploadId, name: file.name, size: file.size, state: 'waiting', progress: 0 }));
    setUploads(batch);
    for (const [index, file] of chosen.entries()) {
      const { id } = batch[index];
      update(id, { state: 'uploading' });
      try {
        const uploaded = await uploadFile(agentId, file, (progress) => update(id, { progress }));
        setUploads((current) => current.filter((upload) => upload.id !== id));
        void addUploaded(uploaded);
      } catch (error) {
        update(id, { state: 'error', error: userMessageOf(error, UPLOAD_FALLBACK) });
      }
    }
  }

  return (
    <div className="space-y-3">
      <div>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          onChange={(event) => void onChange(event)}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={buttonClass(
            'secondary',
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          {busy ? <Spinner className="size-4" /> : <Upload className="size-4" aria-hidden="true" />}
          Enviar Arquivos
        </label>
        <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">
          Tipos suportados: {EXTENSIONS_LABEL}, até 50 MB por arquivo.
        </p>
      </div>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {uploads.length > 0 && (
        <ul aria-label="Envios em andamento" className="space-y-2">
          {uploads.map((upload) => (
            <UploadRow key={upload.id} upload={upload} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({ upload }: { upload: PendingUpload }) {
  const percent = Math.round(upload.progress * 100);
  const failed = upload.state === 'error';
  return (
    <li className={cn('rounded-lg px-3 py-2 ring-1', failed ? 'bg-red-50 ring-red-200' : 'ring-slate-200')}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 break-words font-medium text-slate-900">{upload.name}</span>
        <span className="shrink-0 text-xs text-slate-600">{formatBytes(upload.size)}</span>
      </div>
      {failed ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {upload.error}
        </p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label={`Envio de ${upload.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-500">{upload.state === 'waiting' ? 'Aguardando...' : `Enviando... ${percent}%`}</p>
        </>
      )}
    </li>
  );
}
