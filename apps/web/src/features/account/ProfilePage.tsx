import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { inputClass } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useCopy } from '../../lib/useCopy';
import { authClient } from '../auth';
import { useMe } from './api';
import { DeleteAccount } from './DeleteAccount';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

export default function ProfilePage() {
  const me = useMe();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Seus dados" description="Informações da sua conta, senha e acesso à API." />
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-base font-semibold text-slate-900">
          Perfil
        </h2>
        {me.isPending && (
          <div className="mt-4 flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Carregando...
          </div>
        )}
        {me.isError && (
          <Alert tone="error" className="mt-4">
            {userMessageOf(me.error)}
          </Alert>
        )}
        {me.data && <ProfileForm me={me.data} registeredAt={me.data.createdAt ? dateFormat.format(new Date(me.data.createdAt)) : '-'} />}
      </section>
      <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-base font-semibold text-slate-900">
          Alterar senha
        </h2>
        <PasswordForm />
      </section>
      <ApiTokenSection />
      <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-base font-semibold text-red-700">
          Excluir conta
        </h2>
        <DeleteAccount />
      </section>
    </div>
  );
}

function ApiTokenSection() {
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { copied, copy } = useCopy();

  async function generate() {
    setBusy(true);
    setError(null);
    try {
      const { data } = await authClient.getSession({ query: { disableCookieCache: true } });
      if (!data?.session.token) throw new Error('no session');
      setToken(data.session.token);
    } catch {
      setError('Não foi possível gerar o token. Faça login novamente.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="token-heading">
      <div className="flex items-center gap-2">
        <KeyRound className="size-5 text-brand-600" aria-hidden="true" />
        <h2 id="token-heading" className="text-base font-semibold text-slate-900">
          Token de acesso à API
        </h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Use o token da sua sessão atual para chamar a API do Atende a partir dos seus sistemas. Ele deixa de valer quando
        você sai da conta.
      </p>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {token ? (
        <div className="mt-4 space-y-2">
          <label htmlFor="api-token" className="block text-sm font-medium text-slate-700">
            Seu token
          </label>
          <div className="flex gap-2">
            <input id="api-token" readOnly value={token} className={`${inputClass} font-mono`} onFocus={(e) => e.target.select()} />
            <Button
              type="button"
              variant="secondary"
              onClick={() => void copy(token)}
              aria-label="Copiar token"
              title="Copiar token"
            >
              {copied ? <Check className="size-4 text-green-600" /> : <Copy className="size-4" />}
            </Button>
          </div>
          {copied && (
            <p className="text-sm font-medium text-green-700" role="status">
              Token copiado com sucesso!
            </p>
          )}
          <p className="text-sm text-slate-600">
            Envie-o no cabeçalho <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>.
          </p>
        </div>
      ) : (
        <Button type="button" className="mt-4" onClick={() => void generate()} loading={busy}>
          {busy ? 'Gerando...' : 'Gerar Token'}
        </Button>
      )}
    </section>
  );
}
