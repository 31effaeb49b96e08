import { nextQuotaReset, QUOTA_WARNING_SHARE, type AgentList } from '@atende/shared';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { formatDate, formatNumber } from '../../../lib/format';

/** docs/product.md §2 counter: 'X/Y agentes criados' (Y from the plan; no Y when the plan is unlimited). */
export function agentCounterText({ agentsUsed, agentsLimit }: AgentList['usage']): string {
  if (agentsLimit === null) return `${agentsUsed} ${agentsUsed === 1 ? 'agente criado' : 'agentes criados'} (ilimitado)`;
  return `${agentsUsed}/${agentsLimit} agentes criados`;
}

/**
 * Messages used this month against the plan's quota, with a warning from 80% on (also e-mailed) and once
 * customers stop being answered.
 */
export function UsagePanel({ plan, usage }: Pick<AgentList, 'plan' | 'usage'>) {
  const { messagesUsed: used, messagesQuota: quota } = usage;
  const ratio = quota ? Math.min(1, used / quota) : 0;
  const exhausted = quota !== null && used >= quota;
  const nearing = quota !== null && !exhausted && used >= Math.ceil(quota * QUOTA_WARNING_SHARE);
  return (
    <section aria-label="Uso do plano" className="mb-6 space-y-3">
      <div className="rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <p className="text-slate-700">
            <span className="font-medium text-slate-900">Mensagens este mês:</span>{' '}
            {quota === null ? `${formatNumber(used)} (ilimitadas)` : `${formatNumber(used)}/${formatNumber(quota)}`}
          </p>
          <Link to="/dashboard/plan" className="text-slate-500 hover:text-slate-800 hover:underline">
            Plano {plan.name}
          </Link>
        </div>
        {quota !== null && (
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div
              className={cn('h-full rounded-full', exhausted ? 'bg-red-500' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-brand-600')}
              style={{ width: `${ratio * 100}%` }}
            />
          </div>
        )}
        <p className="mt-2 text-xs text-slate-500">
          Mensagens de teste hoje: {formatNumber(usage.testMessagesUsed)}/{formatNumber(usage.testMessagesLimit)} (não contam no limite do mês)
        </p>
      </div>
      {nearing && (
        <div role="status" className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900">
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="text-sm">
            <p className="font-semibold">Você já usou {Math.floor((used / quota) * 100)}% das mensagens do mês</p>
            <p className="mt-1">
              Quando o limite acabar, seus agentes param de responder até {formatDate(nextQuotaReset().toISOString())}. Para
              não interromper o atendimento, você pode mudar de plano.
            </p>
            <Link to="/plans" className="mt-2 inline-block font-semibold underline hover:text-amber-950">
              Ver planos
            </Link>
          </div>
        </div>
      )}
      {exhausted && (
        <div role="alert" className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-900">
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="text-sm">
            <p className="font-semibold">Limite de mensagens do mês atingido</p>
            <p className="mt-1">
              Seus clientes estão recebendo uma mensagem de que o atendimento está indisponível. Os agentes voltam a
              responder em {formatDate(nextQuotaReset().toISOString())}, quando o limite renova, ou assim que você
              atualizar seu plano.
            </p>
            <Link to="/plans" className="mt-2 inline-block font-semibold underline hover:text-amber-950">
              Atualizar plano
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
