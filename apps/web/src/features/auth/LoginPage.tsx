import { resolvePlan } from '@atende/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { authClient, authErrorMessage } from './api/auth-client';
import { AuthShell } from './AuthShell';
import { intentQuery, readIntent } from './intent';

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const intent = readIntent(location);
  // A message from the page that sent the visitor here (e.g. after deleting the account).
  const { notice } = (location.state ?? {}) as { notice?: unknown };
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return; // double submit ignored
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '').trim();
    if (!email || !password) {
      setError('E-mail e senha são obrigatórios');
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      const { data, error: authError } = await authClient.signIn.email({ email, password });
      if (authError) {
        setError(authErrorMessage(authError, 'Falha ao fazer login'));
        return;
      }
      if (!data?.user) {
        setError('Usuário não encontrado');
        return;
      }
      navigate(intent.returnTo ?? '/dashboard/agents', { replace: true, state: { plan: intent.plan } });
    } catch {
      setError('Falha ao fazer login');
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title="Entrar"
      description="Entre no Atende para gerenciar seus agentes de IA de atendimento."
      subtitle={
        intent.plan ? (
          <>
            Plano selecionado: <strong className="text-brand-700">{resolvePlan(intent.plan).name}</strong>
          </>
        ) : (
          'Acesse o painel dos seus agentes.'
        )
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {typeof notice === 'string' && <Alert tone="success">{notice}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="E-mail" name="email" type="email" autoComplete="email" required disabled={busy} />
        <Field label="Senha" name="password" type="password" autoComplete="current-password" required disabled={busy} />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Esqueci minha senha
          </Link>
        </p>
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Ainda não tem conta?{' '}
        <Link
          to={`/register${intentQuery(intent)}`}
          state={{ plan: intent.plan, returnTo: intent.returnTo }}
          className="font-semibold text-brand-700 hover:underline"
        >
          Criar conta
        </Link>
      </p>
    </AuthShell>
  );
}
