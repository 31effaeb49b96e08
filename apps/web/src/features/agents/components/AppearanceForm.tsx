import {
  appearanceInputSchema,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  brandColors,
  DISPLAY_NAME_MAX,
  SUGGESTION_MAX,
  SUGGESTIONS_MAX,
  WELCOME_MESSAGE_MAX,
  type Agent,
  type AgentAppearance,
  type WidgetPosition,
} from '@atende/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { Field, inputClass } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { userMessageOf } from '../../../lib/api';
import { useAppearance, useAvatar, useSaveAppearance } from '../api';

/** 'Aparência': loads the saved look, then the form. */
export function AppearanceForm({ agent }: { agent: Agent }) {
  const { data, error, refetch } = useAppearance(agent.id);
  if (error) {
    return (
      <Alert tone="error">
        {userMessageOf(error, 'Não foi possível carregar a aparência.')}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Tentar novamente
        </button>
      </Alert>
    );
  }
  if (!data) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Carregando...
      </p>
    );
  }
  return <Editor agent={agent} saved={data} />;
}

type Draft = Omit<AgentAppearance, 'avatarUrl'>;

function Editor({ agent, saved }: { agent: Agent; saved: AgentAppearance }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => ({ ...saved, suggestions: padded(saved.suggestions) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAppearance(agent.id);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = appearanceInputSchema.safeParse(draft);
    const next: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) next[issue.path.join('.')] ??= issue.message;
    setErrors(next);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (result) => {
        setDraft({ ...result, suggestions: padded(result.suggestions) });
        toast.success('Aparência salva!');
      },
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {save.isError && <Alert tone="error">{userMessageOf(save.error, 'Não foi possível salvar a aparência.')}</Alert>}
        <AvatarPicker agentId={agent.id} url={saved.avatarUrl} />
        <Field
          label="Nome exibido no chat"
          hint={`Em branco, o chat mostra o nome do agente (${agent.name}).`}
          value={draft.displayName}
          maxLength={DISPLAY_NAME_MAX}
          onChange={(e) => set('displayName', e.target.value)}
          error={errors.displayName}
        />
        <div>
          <label htmlFor={`${id}-color`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Cor da marca
          </label>
          <div className="flex items-center gap-3">
            <input
              id={`${id}-color`}
              type="color"
              value={draft.color}
              onChange={(e) => set('color', e.target.value)}
              className="h-10 w-14 cursor-pointer rounded-lg border-0 bg-white p-1 ring-1 ring-inset ring-slate-300"
            />
            <input
              aria-label="Cor da marca em hexadecimal"
              value={draft.color}
              onChange={(e) => set('color', e.target.value)}
              className={cn(inputClass, 'w-32 font-mono', errors.color && 'ring-red-400')}
              aria-invalid={errors.color ? true : undefined}
            />
          </div>
          {errors.color && <p className="mt-1 text-xs text-red-600">{errors.color}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-welcome`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Mensagem de boas-vindas
          </label>
          <textarea
            id={`${id}-welcome`}
            rows={3}
            value={draft.welcomeMessage}
            maxLength={WELCOME_MESSAGE_MAX}
            placeholder="Olá! Como posso ajudar?"
            onChange={(e) => set('welcomeMessage', e.target.value)}
            className={cn(inputClass, 'resize-y')}
          />
          {errors.welcomeMessage && <p className="mt-1 text-xs text-red-600">{errors.welcomeMessage}</p>}
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Perguntas sugeridas</legend>
          <p className="mb-2 text-xs text-slate-500">Até {SUGGESTIONS_MAX} botões que o cliente toca para perguntar sem digitar.</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {draft.suggestions.map((value, i) => (
              <input
                key={i}
                aria-label={`Pergunta sugerida ${i + 1}`}
                value={value}
                maxLength={SUGGESTION_MAX}
                placeholder={i === 0 ? 'Ex.: Qual o horário de funcionamento?' : ''}
                onChange={(e) => set('suggestions', draft.suggestions.map((s, j) => (j === i ? e.target.value : s)))}
                className={inputClass}
              />
            ))}
          </div>
          {errors.suggestions && <p className="mt-1 text-xs text-red-600">{errors.suggestions}</p>}
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Posição do botão no seu site</legend>
          <div className="flex gap-4">
            {(['right', 'left'] as WidgetPosition[]).map((position) => (
              <label key={position} className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name={`${id}-position`}
                  checked={draft.position === position}
                  onChange={() => set('position', position)}
                  className="size-4 accent-brand-600"
                />
                {position === 'right' ? 'Direita' : 'Esquerda'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? 'Salvando...' : 'Salvar aparência'}
          </Button>
        </div>
      </form>
      <Preview agent={agent} draft={draft} avatarUrl={saved.avatarUrl} />
    </div>
  );
}

const padded = (list: string[]) => [...list, ...Array<string>(SUGGESTIONS_MAX).fill('')].slice(0, SUGGESTIONS_MAX);

function AvatarPicker({ agentId, url }: { agentId: string; url: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove } = useAvatar(agentId);
  const busy = upload.isPending || remove.isPending;

  function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(`A imagem deve ter no máximo ${AVATAR_MAX_BYTES / 1024} KB.`);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Imagem atualizada!'),
      onError: (error) => toast.error(userMessageOf(error, 'Não foi possível enviar a imagem.')),
    });
  }

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">Logo ou foto</p>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          <img src={url} alt="Logo atual" className="size-12 rounded-full object-cover ring-1 ring-slate-200" />
        ) : (
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400" aria-hidden="true">
            <ImagePlus className="size-5" />
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          aria-label="Enviar logo ou foto"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="secondary" loading={upload.isPending} disabled={busy} onClick={() => input.current?.click()}>
          {url ? 'Trocar imagem' : 'Enviar imagem'}
        </Button>
        {url && (
          <Button
            type="button"
            variant="ghost"
            disabled={busy}
            onClick={() => remove.mutate(undefined, { onError: (error) => toast.error(userMessageOf(error)) })}
          >
            <Trash2 className="size-4" aria-hidden="true" /> Remover
          </Button>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">PNG, JPEG ou WebP, até {AVATAR_MAX_BYTES / 1024} KB.</p>
    </div>
  );
}

/** What a customer sees, updated as the owner types. */
function Preview({ agent, draft, avatarUrl }: { agent: Agent; draft: Draft; avatarUrl: string | null }) {
  const colors = brandColors(draft.color);
  const name = draft.displayName.trim() || agent.name;
  const suggestions = draft.suggestions.map((s) => s.trim()).filter(Boolean);
  return (
    <aside aria-label="Prévia do chat" className="self-start overflow-hidden rounded-2xl ring-1 ring-slate-200">
      <div className="flex items-center gap-2 px-4 py-3" style={{ background: colors.base, color: colors.ink }}>
        {avatarUrl && <img src={avatarUrl} alt="" className="size-8 rounded-full bg-white object-cover" />}
        <span className="truncate font-semibold">{name}</span>
      </div>
      <div className="space-y-2 bg-white p-4 text-sm">
        <p className="max-w-[85%] rounded-2xl rounded-bl-md bg-slate-100 px-3 py-2 text-slate-900">
          {draft.welcomeMessage.trim() || 'Olá! Como posso ajudar?'}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {suggestions.map((s) => (
            <span key={s} className="rounded-full border px-3 py-1 text-xs font-medium" style={{ color: colors.base, borderColor: colors.base }}>
              {s}
            </span>
          ))}
        </div>
        <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-md px-3 py-2" style={{ background: colors.base, color: colors.ink }}>
          Vocês entregam no sábado?
        </p>
      </div>
      <p className="border-t border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-500">
        Botão do site: {draft.position === 'right' ? 'canto inferior direito' : 'canto inferior esquerdo'}
      </p>
    </aside>
  );
}
