import type { KnowledgeBase } from '@atende/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type TextareaHTMLAttributes } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Field, inputClass } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useKnowledgeBase, useSaveKnowledgeBase } from './api';
import { LinksReport } from './LinksReport';

/** After a save with links, the report of unreadable links is looked for during this long. */
const LINKS_WATCH_MS = 30_000;

/** Company name, about text and links: loaded, then edited in a form (docs/product.md §2 'Base de Conhecimento'). */
export function KnowledgeBaseSection({ agentId }: { agentId: string }) {
  const [refreshUntil, setRefreshUntil] = useState(0);
  const knowledge = useKnowledgeBase(agentId, refreshUntil);
  // A save with links is done once they are read: then one outcome shows, a success or the links' problems.
  const readingLinks = useRef(false);
  const linksPending = knowledge.data?.linksPending ?? false;
  const linksReport = knowledge.data?.linksReport ?? null;
  useEffect(() => {
    if (!readingLinks.current || linksPending) return;
    readingLinks.current = false;
    if (!linksReport) toast.success('Base de conhecimento salva com sucesso!');
  }, [linksPending, linksReport]);

  if (knowledge.isPending) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Carregando a base de conhecimento...
      </p>
    );
  }
  if (knowledge.isError && !knowledge.data) {
    return (
      <div className="space-y-3">
        <ErrorBox title="Falha ao carregar a base de conhecimento" error={knowledge.error} />
        <Button type="button" variant="secondary" onClick={() => void knowledge.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <KnowledgeForm
        agentId={agentId}
        saved={knowledge.data}
        onSaved={(saved) => {
          setRefreshUntil(saved.linksPending ? Date.now() + LINKS_WATCH_MS : 0);
          readingLinks.current = saved.linksPending;
          if (!saved.linksPending) toast.success('Base de conhecimento salva com sucesso!');
        }}
      />
      {linksPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="size-4" /> Lendo os links...
        </p>
      ) : (
        linksReport && <LinksReport report={linksReport} />
      )}
    </div>
  );
}

interface FormProps {
  agentId: string;
  saved: KnowledgeBase;
  onSaved: (saved: KnowledgeBase) => void;
}

function KnowledgeForm({ agentId, saved, onSaved }: FormProps) {
  const [companyName, setCompanyName] = useState(saved.companyName);
  const [about, setAbout] = useState(saved.about);
  const [links, setLinks] = useState(saved.links);
  const save = useSaveKnowledgeBase(agentId);
  const busy = save.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    save.mutate(
      { companyName: companyName.trim(), about: about.trim(), links: links.trim() },
      {
        onSuccess: onSaved,
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {save.isError && <ErrorBox title="Falha ao salvar a base de conhecimento" error={save.error} />}
      <Field
        label="Nome da empresa"
        value={companyName}
        onChange={(event) => setCompanyName(event.target.value)}
        maxLength={200}
        autoComplete="organization"
        placeholder="Ex.: Padaria Pão Quente"
        disabled={busy}
      />
      <TextAreaField
        label="Sobre a empresa"
        hint="Tudo o que o agente precisa saber para atender: produtos, preços, horários, formas de pagamento, entrega, trocas e outras políticas."
        value={about}
        onChange={(event) => setAbout(event.target.value)}
        rows={10}
        maxLength={100_000}
        placeholder="Ex.: Funcionamos de segunda a sábado, das 6h às 20h. Entregamos no bairro com taxa de R$ 5,00..."
        disabled={busy}
      />
      <TextAreaField
        label="Links"
        hint="Um link por linha, como www.suaempresa.com.br/cardapio. As páginas públicas do seu site (http:// ou https://) são lidas e indexadas como texto; o que não puder ser lido aparece aqui embaixo, com o motivo."
        value={links}
        onChange={(event) => setLinks(event.target.value)}
        rows={3}
        maxLength={10_000}
        placeholder="https://www.suaempresa.com.br/cardapio"
        spellCheck={false}
        disabled={busy}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {busy ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}

/** The red box: what failed, then the server's reason when it has one. */
function ErrorBox({ title, error }: { title: string; error: unknown }) {
  const reason = userMessageOf(error, '');
  return (
    <Alert tone="error">
      <p className="font-semibold">{title}</p>
      {reason && <p>{reason}</p>}
    </Alert>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint: string;
}

function TextAreaField({ label, hint, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea id={id} aria-describedby={`${id}-hint`} className={cn(inputClass, 'resize-y leading-relaxed', className)} {...props} />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
