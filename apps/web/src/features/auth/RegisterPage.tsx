import { resolvePlan, signUpSchema, type SignUpInput } from '@atende/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { authClient, authErrorMessage } from './api/auth-client';
import { AuthShell } from './AuthShell';
import { intentQuery, readIntent } from './intent';

export default function RegisterPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const intent = readIntent(location);
  const [error, setError] = useState<string | null>(null);
  const [emailSentTo, setEmailSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { data, error: authError } = await authClient.signUp.email(values);
      if (authError) {
        setError(authErrorMessage(authError, 'Não foi possível concluir o cadastro. Tente novamente.'));
        return;
      }
      // The new account is signed in. An e-mail that already has an account gets an e-mail instead (never
      // a session, nor an error that says the account exists).
      if (!data?.token) {
        setEmailSentTo(values.email);
        return;
      }
      navigate(intent.returnTo ?? '/dashboard/agents', { replace: true, state: { plan: intent.plan } });
    } catch {
      setError('Não foi possível concluir o cadastro. Tente novamente.');
    }
  });

  const busy = isSubmitting;
  return (
    <AuthShell
      title="Criar conta"
      description="Crie sua conta no Atende e coloque um agente de IA para atender seus clientes em minutos."
      subtitle={
        intent.plan ? (
          <>
            Plano selecionado: <strong className="text-brand-700">{resolvePlan(intent.plan).name}</strong>
          </>
        ) : (
          'Comece a atender seus clientes com IA em minutos.'
        )
      }
    >
      {emailSentTo ? (
        <Alert tone="success">
          Enviamos um e-mail para {emailSentTo} com os próximos passos. Confira sua caixa de entrada (e a pasta de spam).
        </Alert>
      ) : (
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="Nome completo" autoComplete="name" required disabled={busy} error={errors.name?.message} {...register('name')} />
        <Field label="E-mail" type="email" autoComplete="email" required disabled={busy} error={errors.email?.message} {...register('email')} />
        <Field label="Empresa" autoComplete="organization" required disabled={busy} error={errors.company?.message} {...register('company')} />
        <Field label="Telefone" type="tel" autoComplete="tel" required disabled={busy} error={errors.phone?.message} {...register('phone')} />
        <Field
          label="Senha"
          type="password"
          autoComplete="new-password"
          required
          disabled={busy}
          hint="Mínimo de 8 caracteres."
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Cadastrando...' : 'Cadastrar'}
        </Button>
        <p className="text-center text-xs text-slate-500">
          Ao se cadastrar, você concorda com os{' '}
          <Link to="/terms" className="underline hover:text-slate-700">
            Termos de Uso
          </Link>{' '}
          e a{' '}
          <Link to="/privacy" className="underline hover:text-slate-700">
            Política de Privacidade
          </Link>
          .
        </p>
      </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link
          to={`/login${intentQuery(intent)}`}
          state={{ plan: intent.plan, returnTo: intent.returnTo }}
          className="font-semibold text-brand-700 hover:underline"
        >
          Já tenho conta
        </Link>
      </p>
    </AuthShell>
  );
}
