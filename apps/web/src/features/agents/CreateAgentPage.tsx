import { AGENT_NAME_MAX } from '@atende/shared';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button, buttonClass } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError, userMessageOf } from '../../lib/api';
import { useCreateAgentForm } from './workspace';

export default function CreateAgentPage() {
  const { create, busy, onSubmit } = useCreateAgentForm();

  const planLimit = create.error instanceof ApiError && create.error.code === 'PLAN_LIMIT_REACHED';
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Criar novo agente" description="Dê um nome ao seu agente. Você poderá ajustar a personalidade dele depois." />
      <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {create.isError && (
          <Alert tone="error">
            {userMessageOf(create.error)}
            {planLimit && (
              <>
                {' '}
                <Link to="/plans" className="font-semibold underline">
                  Ver planos
                </Link>
              </>
            )}
          </Alert>
        )}
        <Field
          label="Nome do agente"
          name="name"
          placeholder="Ex.: Assistente de Vendas da Loja"
          maxLength={AGENT_NAME_MAX}
          autoComplete="off"
          required
          aria-required="true"
          autoFocus
          disabled={busy}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            to="/dashboard/agents"
            className={buttonClass('secondary', busy ? 'pointer-events-none opacity-60' : undefined)}
            aria-disabled={busy || undefined}
            tabIndex={busy ? -1 : undefined}
          >
            Cancelar
          </Link>
          <Button type="submit" loading={busy}>
            {busy ? 'Criando...' : 'Criar agente'}
          </Button>
        </div>
      </form>
      {create.isPending && (
        <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/80 backdrop-blur-sm" role="status">
          <Spinner className="size-8 text-brand-600" />
          <p className="text-sm font-medium text-slate-700">Criando agente de IA...</p>
        </div>
      )}
    </div>
  );
}
