import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { authClient, authErrorMessage } from './api/auth-client';
import { AuthShell } from './AuthShell';

/** 'Esqueci minha senha': asks for the e-mail and says the same whether an account exists or not. */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) {
      setError('Informe o e-mail da sua conta');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: authError } = await authClient.requestPasswordReset({ email });
      if (authError) setError(authErrorMessage(authError, 'Não foi possível enviar o e-mail. Tente novamente.'));
      else setSentTo(email);
    } catch {
      setError('Não foi possível enviar o e-mail. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title="Esqueci minha senha" description="Receba um link para criar uma nova senha." subtitle="Enviaremos um link para o seu e-mail.">
      {sentTo ? (
        <Alert tone="success">
          Se existir uma conta com o e-mail {sentTo}, enviamos para ele um link para criar uma nova senha. O link vale por 1 hora.
        </Alert>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          <Field label="E-mail" name="email" type="email" autoComplete="email" required disabled={busy} />
          <Button type="submit" className="w-full" loading={busy}>
            {busy ? 'Enviando...' : 'Enviar link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Voltar para o login
        </Link>
      </p>
    </AuthShell>
  );
}
