import { PASSWORD_MAX, PASSWORD_MIN } from '@atende/shared';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { authClient, authErrorMessage } from './api/auth-client';
import { AuthShell } from './AuthShell';

/** The page the reset e-mail links to (/reset-password?token=…): a new password, typed twice. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : 'Link de redefinição inválido. Peça um novo.');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirmation = String(form.get('confirmation') ?? '');
    if (password.length < PASSWORD_MIN) return setError(`A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`);
    if (password.length > PASSWORD_MAX) return setError(`A senha deve ter no máximo ${PASSWORD_MAX} caracteres`);
    if (password !== confirmation) return setError('As senhas não conferem');
    setBusy(true);
    setError(null);
    try {
      const { error: authError } = await authClient.resetPassword({ newPassword: password, token });
      if (authError) setError(authErrorMessage(authError, 'Não foi possível alterar a senha. Tente novamente.'));
      else setDone(true);
    } catch {
      setError('Não foi possível alterar a senha. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title="Criar nova senha" description="Defina a nova senha da sua conta." subtitle="Escolha uma senha que você não usa em outros sites.">
      {done ? (
        <Alert tone="success">Senha alterada! As sessões abertas em outros aparelhos foram encerradas. Entre com a nova senha.</Alert>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          <Field label="Nova senha" name="password" type="password" autoComplete="new-password" required disabled={busy || !token} />
          <Field label="Confirme a nova senha" name="confirmation" type="password" autoComplete="new-password" required disabled={busy || !token} />
          <Button type="submit" className="w-full" loading={busy} disabled={!token}>
            {busy ? 'Salvando...' : 'Salvar nova senha'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {done || !token ? (
          <Link to={done ? '/login' : '/forgot-password'} className="font-semibold text-brand-700 hover:underline">
            {done ? 'Ir para o login' : 'Pedir um novo link'}
          </Link>
        ) : (
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Voltar para o login
          </Link>
        )}
      </p>
    </AuthShell>
  );
}
