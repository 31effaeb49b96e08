import { DEFAULT_HANDOFF_SETTINGS, handoffSettingsSchema, type HandoffSettings } from '@atende/shared';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { Field, inputClass } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useHandoffSettings, useSaveHandoffSettings } from './api';

const DAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];
const DEFAULT_HOURS = { days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' };

interface Draft {
  message: string;
  afterUnanswered: string;
  timeoutMinutes: string;
  notifyWhatsapp: string;
  hoursOn: boolean;
  days: number[];
  open: string;
  close: string;
}

const toDraft = (s: HandoffSettings): Draft => ({
  message: s.message,
  afterUnanswered: String(s.afterUnanswered),
  timeoutMinutes: String(s.timeoutMinutes),
  notifyWhatsapp: s.notifyWhatsapp ? `+${s.notifyWhatsapp}` : '',
  hoursOn: s.businessHours !== null,
  ...(s.businessHours ?? DEFAULT_HOURS),
});

/** 'Atendimento humano' (issue 16): when and how the agent calls the team, and who is told. */
export function HandoffSettingsPanel({ agentId }: { agentId: string }) {
  const settings = useHandoffSettings(agentId);
  if (settings.data) return <HandoffSettingsForm key={agentId} agentId={agentId} settings={settings.data} />;
  if (settings.isError) return <p role="alert" className="text-sm text-red-700">{userMessageOf(settings.error, 'Não foi possível carregar as configurações.')}</p>;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
      <Spinner className="size-4" /> Carregando...
    </p>
  );
}

function HandoffSettingsForm({ agentId, settings }: { agentId: string; settings: HandoffSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveHandoffSettings(agentId);
  const messageId = useId();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = handoffSettingsSchema.safeParse({
      message: draft.message,
      afterUnanswered: Number(draft.afterUnanswered),
      timeoutMinutes: Number(draft.timeoutMinutes),
      notifyWhatsapp: draft.notifyWhatsapp.trim() === '' ? null : draft.notifyWhatsapp,
      businessHours: draft.hoursOn ? { days: [...draft.days].sort(), open: draft.open, close: draft.close } : null,
    });
    const next: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) next[String(issue.path.at(-1) ?? issue.path[0])] ??= issue.message;
    setErrors(next);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        toast.success('Atendimento humano salvo!');
      },
      onError: (error) => toast.error(userMessageOf(error, 'Não foi possível salvar.')),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Quando o cliente pede para falar com uma pessoa, ou o agente não sabe responder, o agente avisa o cliente, para de
        responder e chama sua equipe em 'Atendimentos' e por e-mail.
      </p>
      <div>
        <label htmlFor={messageId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Mensagem ao chamar a equipe
        </label>
        <textarea
          id={messageId}
          rows={2}
          maxLength={500}
          value={draft.message}
          onChange={(e) => set({ message: e.target.value })}
          className={inputClass}
          placeholder={DEFAULT_HANDOFF_SETTINGS.message}
        />
        {errors.message && <p className="mt-1 text-xs text-red-600">{errors.message}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Chamar a equipe após respostas sem resposta seguidas"
          hint="0 para nunca chamar por isso."
          type="number"
          inputMode="numeric"
          min={0}
          value={draft.afterUnanswered}
          onChange={(e) => set({ afterUnanswered: e.target.value })}
          error={errors.afterUnanswered}
        />
        <Field
          label="Devolver ao agente após (minutos sem resposta da equipe)"
          type="number"
          inputMode="numeric"
          min={5}
          value={draft.timeoutMinutes}
          onChange={(e) => set({ timeoutMinutes: e.target.value })}
          error={errors.timeoutMinutes}
        />
        <Field
          label="WhatsApp para avisos (opcional)"
          hint="Recebe um aviso a cada pedido de atendimento, pelo número do agente."
          type="tel"
          placeholder="+55 11 91234-5678"
          value={draft.notifyWhatsapp}
          onChange={(e) => set({ notifyWhatsapp: e.target.value })}
          error={errors.notifyWhatsapp}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Horário de atendimento (horário de Brasília)</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={draft.hoursOn} onChange={(e) => set({ hoursOn: e.target.checked })} />
          Fora deste horário, o agente diz quando a equipe volta
        </label>
        {draft.hoursOn && (
          <>
            <div className="flex flex-wrap gap-2">
              {DAYS.map((label, day) => (
                <label key={label} className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm ring-1 ring-slate-300">
                  <input
                    type="checkbox"
                    checked={draft.days.includes(day)}
                    onChange={(e) => set({ days: e.target.checked ? [...draft.days, day] : draft.days.filter((d) => d !== day) })}
                  />
                  {label}
                </label>
              ))}
            </div>
            {errors.days && <p className="text-xs text-red-600">{errors.days}</p>}
            <div className="grid max-w-sm grid-cols-2 gap-4">
              <Field label="Abre às" type="time" value={draft.open} onChange={(e) => set({ open: e.target.value })} error={errors.open} />
              <Field label="Fecha às" type="time" value={draft.close} onChange={(e) => set({ close: e.target.value })} error={errors.close} />
            </div>
          </>
        )}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Salvar atendimento humano
        </Button>
      </div>
    </form>
  );
}
