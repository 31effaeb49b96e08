import { PASSWORD_MAX, PASSWORD_MIN } from '@atende/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { authClient, authErrorMessage } from '../auth';

/** 'Alterar senha': the current password, then the new one twice; every other session ends. */
export function PasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get('current') ?? '');
    const newPassword = String(form.get('password') ?? '');
    if (!currentPassword) return setError('Informe sua senha atual');
    if (newPassword.length < PASSWORD_MIN) return setError(`A nova senha deve ter pelo menos ${PASSWORD_MIN} caracteres`);
    if (newPassword.length > PASSWORD_MAX) return setError(`A nova senha deve ter no máximo ${PASSWORD_MAX} caracteres`);
    if (newPassword !== String(form.get('confirmation') ?? '')) return setError('As senhas não conferem');
    setBusy(true);
    setError(null);
    try {
      const { error: authError } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
      if (authError) {
        setError(authError.code === 'INVALID_PASSWORD' ? 'Senha atual incorreta' : authErrorMessage(authError, 'Não foi possível alterar a senha.'));
        return;
      }
      formElement.reset();
      toast.success('Senha alterada! As outras sessões foram encerradas.');
    } catch {
      setError('Não foi possível alterar a senha.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <Field label="Senha atual" name="current" type="password" autoComplete="current-password" required disabled={busy} />
      <Field label="Nova senha" name="password" type="password" autoComplete="new-password" required disabled={busy} hint="Mínimo de 8 caracteres." />
      <Field label="Confirme a nova senha" name="confirmation" type="password" autoComplete="new-password" required disabled={busy} />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Alterar senha
        </Button>
      </div>
    </form>
  );
}
