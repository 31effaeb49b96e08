import { webLimitsInputSchema, type WebLimits, type WebLimitsInput } from '@atende/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { formatNumber } from '../../../lib/format';
import { userMessageOf } from '../../../lib/api';
import { useSaveWebLimits } from '../api';

type Draft = Record<keyof WebLimitsInput, string>;
const FIELDS: Array<{ name: keyof WebLimitsInput; label: string; hint: string }> = [
  { name: 'rateMessages', label: 'Mensagens seguidas por visitante', hint: 'Quantas mensagens um visitante pode mandar…' },
  { name: 'rateSeconds', label: 'A cada (segundos)', hint: '…nesse intervalo de tempo.' },
  { name: 'dailyPerVisitor', label: 'Mensagens por visitante, por dia', hint: 'Conta cada pessoa que abre o chat.' },
  { name: 'dailyPerIp', label: 'Mensagens por conexão de internet, por dia', hint: 'Conta todos os visitantes de uma mesma rede.' },
];

/**
 * 'Limites do chat público': how much anonymous visitors may send, so that nobody spends the plan's monthly
 * messages that WhatsApp customers also need (issue 13, item 5).
 */
export function WebLimitsForm({ agentId, limits }: { agentId: string; limits: WebLimits }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(limits));
  const [errors, setErrors] = useState<Partial<Record<keyof WebLimitsInput, string>>>({});
  const save = useSaveWebLimits(agentId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = webLimitsInputSchema.safeParse(
      Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim() === '' ? undefined : Number(value)])),
    );
    const next: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) next[issue.path[0] as keyof WebLimitsInput] ??= issue.message;
    setErrors(next);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        toast.success('Limites do chat salvos!');
      },
      onError: (error) => toast.error(userMessageOf(error, 'Não foi possível salvar os limites.')),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Protegem as mensagens do seu plano: quem passa do limite no chat do site recebe um aviso, e seus clientes do WhatsApp
        continuam sendo atendidos.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, hint }) => (
          <Field
            key={name}
            label={label}
            hint={hint}
            type="number"
            inputMode="numeric"
            min={1}
            value={draft[name]}
            onChange={(event) => setDraft((d) => ({ ...d, [name]: event.target.value }))}
            error={errors[name]}
            disabled={save.isPending}
          />
        ))}
      </div>
      <p className="text-sm text-slate-700" role="status">
        {limits.refusedToday === 0
          ? 'Hoje nenhuma mensagem foi recusada por estes limites.'
          : `Hoje ${formatNumber(limits.refusedToday)} ${limits.refusedToday === 1 ? 'mensagem foi recusada' : 'mensagens foram recusadas'} por estes limites.`}
      </p>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Salvar limites
        </Button>
      </div>
    </form>
  );
}

const toDraft = (limits: WebLimitsInput): Draft => ({
  rateMessages: String(limits.rateMessages),
  rateSeconds: String(limits.rateSeconds),
  dailyPerVisitor: String(limits.dailyPerVisitor),
  dailyPerIp: String(limits.dailyPerIp),
});
