import { profileUpdateSchema, type Me, type ProfileUpdate } from '@atende/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { userMessageOf } from '../../lib/api';
import { useUpdateProfile } from './api';

type Errors = Partial<Record<keyof ProfileUpdate, string>>;

/** Name, company and phone, editable; the e-mail and the registration date are shown as they are. */
export function ProfileForm({ me, registeredAt }: { me: Me; registeredAt: string }) {
  const [draft, setDraft] = useState({ name: me.name ?? '', company: me.company ?? '', phone: me.phone ?? '' });
  const [errors, setErrors] = useState<Errors>({});
  const save = useUpdateProfile();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse(draft);
    const next: Errors = {};
    for (const issue of parsed.error?.issues ?? []) next[issue.path[0] as keyof ProfileUpdate] ??= issue.message;
    setErrors(next);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Dados salvos!'),
      onError: (error) => toast.error(userMessageOf(error, 'Não foi possível salvar seus dados.')),
    });
  }

  const field = (name: keyof ProfileUpdate, label: string, props: { autoComplete: string; type?: string }) => (
    <Field
      label={label}
      value={draft[name]}
      onChange={(event) => setDraft((d) => ({ ...d, [name]: event.target.value }))}
      error={errors[name]}
      disabled={save.isPending}
      required
      {...props}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {field('name', 'Nome completo', { autoComplete: 'name' })}
      {field('company', 'Empresa', { autoComplete: 'organization' })}
      {field('phone', 'Telefone', { autoComplete: 'tel', type: 'tel' })}
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">E-mail</dt>
          <dd className="break-all text-slate-900">{me.email}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Data de cadastro</dt>
          <dd className="text-slate-900">{registeredAt}</dd>
        </div>
      </dl>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Salvar dados
        </Button>
      </div>
    </form>
  );
}
