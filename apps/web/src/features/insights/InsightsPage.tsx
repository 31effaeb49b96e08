import { INSIGHT_PERIODS, type AccountInsights, type Insights, type UnansweredGroup } from '@atende/shared';
import { ArrowLeft, Download, GraduationCap, MessageCircleQuestion, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { Alert } from '../../components/ui/Alert';
import { ApiError, userMessageOf } from '../../lib/api';
import { formatDate, formatDateTime, formatNumber, plural } from '../../lib/format';
import { CUSTOMERS_PATH } from '../customers';
import { TeachAnswerDialog } from '../knowledge';
import { exportUrl, useInsights, useInsightSettings, useSaveInsightSettings } from './api';

/** The charts are their own chunk, loaded by this page only. */
const InsightsCharts = lazy(() => import('./Charts'));

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—');

function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return 'menos de 1 s';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/**
 * 'Painel' of one agent (docs/product.md §2): what customers asked in a period, how the agent did, the month's
 * quota, and 'Perguntas sem resposta' with 'Ensinar resposta'.
 */
export default function InsightsPage() {
  /** No agent: the account's Painel ('Visão geral'), every agent together. */
  const { id } = useParams();
  const [days, setDays] = useState<number>(30);
  const insights = useInsights(id, days);
  const notFound = insights.error instanceof ApiError && insights.error.status === 404;
  const data = insights.data;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {id && (
        <Link to="/dashboard/agents" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
          <ArrowLeft className="size-4" aria-hidden="true" /> Voltar para Agentes
        </Link>
      )}
      <PageHeader
        title={id ? 'Painel' : 'Visão geral'}
        description={data ? `${id ? '' : 'Todos os seus agentes · '}De ${formatDay(data.from)} a ${formatDay(data.to)}` : undefined}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <div role="radiogroup" aria-label="Período" className="inline-flex rounded-lg bg-white p-1 ring-1 ring-slate-200">
              {INSIGHT_PERIODS.map((period) => (
                <button
                  key={period}
                  type="button"
                  role="radio"
                  aria-checked={days === period}
                  onClick={() => setDays(period)}
                  className={cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium',
                    days === period ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {period} dias
                </button>
              ))}
            </div>
            {data && id && (
              <a href={exportUrl(id, data.from, data.to)} download className={buttonClass('secondary', 'py-2')}>
                <Download className="size-4" aria-hidden="true" /> Exportar conversas (CSV)
              </a>
            )}
            <Link to={CUSTOMERS_PATH} className={buttonClass('ghost', 'py-2')}>
              <ShieldCheck className="size-4" aria-hidden="true" /> Dados de clientes (LGPD)
            </Link>
          </div>
        }
      />
      {insights.isPending && (
        <p className="flex items-center justify-center gap-2 py-12 text-sm text-slate-600" role="status">
          <Spinner className="size-5 text-brand-600" /> Carregando o painel...
        </p>
      )}
      {notFound && <p className="text-sm text-slate-600">Agente não encontrado.</p>}
      {insights.error && !notFound && <Alert tone="error">{userMessageOf(insights.error)}</Alert>}
      {data && (
        <>
          <Totals data={data} />
          <UsageCard usage={data.usage} agentScope={Boolean(id)} />
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <Spinner className="size-4" /> Carregando gráficos...
              </p>
            }
          >
            <InsightsCharts data={data} />
          </Suspense>
          {data.agents && <AgentShares agents={data.agents} />}
          <UnansweredList groups={data.unanswered} showAgent={!id} />
          <WeeklySummarySwitch />
        </>
      )}
    </div>
  );
}

const formatDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

function Totals({ data }: { data: Insights }) {
  const t = data.totals;
  const questions = t.answered + t.unanswered;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
      <Stat label="Conversas" value={formatNumber(t.conversations)} />
      <Stat label="Mensagens de clientes" value={formatNumber(t.messages)} />
      <Stat label="Respondidas" value={percent(t.answered, questions)} hint={`${formatNumber(t.answered)} com a base de conhecimento`} />
      <Stat label="Sem resposta" value={percent(t.unanswered, questions)} hint={plural(t.unanswered, 'pergunta', 'perguntas')} />
      <Stat label="Pediram uma pessoa" value={formatNumber(t.handedOff)} hint={`${percent(t.handedOff, t.conversations)} das conversas`} />
      <Stat label="Tempo médio de resposta" value={formatDuration(t.averageAnswerMs)} />
    </dl>
  );
}

/**
 * The month's quota, which is the account's (every agent). It counts the customers' messages an agent answered
 * (usage/quota.ts, chat/runtime.ts): not those that came while the team had the conversation (given back), nor
 * the ones refused once it ran out, nor the owner's tests. An agent's Painel adds the agent's own figure, which is
 * every customer message of its conversations this month (insights/rollup.ts): answered or not, so it can be larger.
 */
function UsageCard({ usage, agentScope }: { usage: Insights['usage']; agentScope: boolean }) {
  const share = usage.quota ? Math.min(100, Math.round((usage.used / usage.quota) * 100)) : null;
  return (
    <section aria-labelledby="uso-do-mes" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="uso-do-mes" className="text-sm font-semibold text-slate-900">
        Uso do plano neste mês
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {usage.quota
          ? `${formatNumber(usage.used)} de ${plural(usage.quota, 'mensagem', 'mensagens')} do plano usadas neste mês, somando todos os seus agentes.`
          : `${plural(usage.used, 'mensagem usada', 'mensagens usadas')} neste mês, somando todos os seus agentes (plano sem limite).`}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {agentScope && `Este agente recebeu ${plural(usage.scopeUsed, 'mensagem', 'mensagens')} de clientes neste mês. `}
        Contam no plano as mensagens de clientes que um agente respondeu; as que chegam enquanto sua equipe atende a
        conversa, e as do seu teste, não contam.
      </p>
      {share !== null && (
        <div
          className="mt-2 h-2 rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Uso das mensagens do mês"
          aria-valuenow={share}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className={cn('h-2 rounded-full', share >= 80 ? 'bg-amber-600' : 'bg-brand-600')} style={{ width: `${share}%` }} />
        </div>
      )}
      <p className="mt-2 text-sm text-slate-600">
        No ritmo atual, a conta deve chegar a cerca de {plural(usage.projected, 'mensagem', 'mensagens')} até o fim do mês.
        {usage.runsOutOn && (
          <strong className="font-semibold text-amber-800">
            {' '}
            As mensagens do plano devem acabar em {formatDay(usage.runsOutOn)}.{' '}
            <Link to="/plans" className="underline">
              Ver planos
            </Link>
          </strong>
        )}
      </p>
    </section>
  );
}

function AgentShares({ agents }: { agents: AccountInsights['agents'] }) {
  return (
    <section aria-labelledby="por-agente" className="space-y-2">
      <h2 id="por-agente" className="text-lg font-semibold text-slate-900">
        Por agente
      </h2>
      {agents.length === 0 ? (
        <p className="text-sm text-slate-600">Você ainda não tem agentes.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-100 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Agente</th>
                <th scope="col" className="px-4 py-2 font-medium">Conversas</th>
                <th scope="col" className="px-4 py-2 font-medium">Mensagens de clientes</th>
                <th scope="col" className="px-4 py-2 font-medium">Sem resposta</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {agents.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className="px-4 py-2 font-medium">
                    <Link to={`/dashboard/agents/${a.id}/insights`} className="text-brand-700 underline">
                      {a.name}
                    </Link>
                  </th>
                  <td className="px-4 py-2">{formatNumber(a.conversations)}</td>
                  <td className="px-4 py-2">{formatNumber(a.messages)}</td>
                  <td className="px-4 py-2">{formatNumber(a.unanswered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function UnansweredList({ groups, showAgent }: { groups: UnansweredGroup[]; showAgent: boolean }) {
  const [teaching, setTeaching] = useState<UnansweredGroup | null>(null);
  return (
    <section aria-labelledby="sem-resposta" className="space-y-3">
      <div>
        <h2 id="sem-resposta" className="text-lg font-semibold text-slate-900">
          Perguntas sem resposta
        </h2>
        <p className="text-sm text-slate-600">
          O que seus clientes perguntaram e o agente não soube responder com a base de conhecimento (ou pediram uma pessoa logo depois). Ensine a
          resposta uma vez: o agente passa a responder essa pergunta, com essas ou outras palavras.
        </p>
      </div>
      {groups.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <MessageCircleQuestion className="mx-auto size-8 text-slate-400" aria-hidden="true" />
          <p className="mt-2 text-sm text-slate-600">Nenhuma pergunta sem resposta no período. Muito bem!</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="Perguntas sem resposta">
          {groups.map((group) => (
            <li key={`${group.question}-${group.lastAskedAt}`} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{group.question}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {showAgent && `${group.agentName} · `}
                  {group.count === 1 ? 'Perguntada 1 vez' : `Perguntada ${formatNumber(group.count)} vezes`} · última em{' '}
                  <time dateTime={group.lastAskedAt}>{formatDateTime(group.lastAskedAt)}</time>
                </p>
                {group.variants.length > 1 && (
                  <p className="mt-1 text-sm break-words text-slate-600">
                    Também: {group.variants.slice(1).map((v) => `"${v}"`).join(', ')}
                  </p>
                )}
                <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                  {group.conversations.map((c, i) => (
                    <Link key={c.id} to={`/dashboard/agents/${group.agentId}/conversas?c=${c.id}`} className="text-brand-700 underline">
                      Conversa {i + 1} ({formatDate(c.askedAt)})
                    </Link>
                  ))}
                </p>
              </div>
              <button type="button" className={buttonClass('primary', 'py-2')} onClick={() => setTeaching(group)}>
                <GraduationCap className="size-4" aria-hidden="true" /> Ensinar resposta
              </button>
            </li>
          ))}
        </ul>
      )}
      {teaching && (
        <TeachAnswerDialog
          agentId={teaching.agentId}
          agentName={teaching.agentName}
          question={teaching.question}
          variants={teaching.variants}
          onClose={() => setTeaching(null)}
        />
      )}
    </section>
  );
}

/** 'Resumo semanal por e-mail': the account's switch (every Monday morning, for every agent with customers). */
function WeeklySummarySwitch() {
  const settings = useInsightSettings();
  const save = useSaveInsightSettings();
  // Set in the change handler itself: a controlled checkbox whose state changes only on the mutation's next
  // render is first put back by React, and flickers (the click looks ignored on a slow device).
  const [switching, setSwitching] = useState<boolean | null>(null);
  const checked = switching ?? settings.data?.weeklySummary ?? true;
  return (
    <section aria-labelledby="resumo-semanal" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-brand-600"
          checked={checked}
          disabled={settings.isPending || save.isPending}
          onChange={(e) => {
            setSwitching(e.target.checked);
            save.mutate(e.target.checked, {
              onSuccess: (saved) => toast.success(saved.weeklySummary ? 'Resumo semanal ligado.' : 'Resumo semanal desligado.'),
              onError: (error) => toast.error(userMessageOf(error)),
              onSettled: () => setSwitching(null),
            });
          }}
        />
        <span>
          <span id="resumo-semanal" className="block text-sm font-semibold text-slate-900">
            Resumo semanal por e-mail
          </span>
          <span className="block text-sm text-slate-600">
            Toda segunda-feira de manhã: conversas da semana, perguntas mais feitas e as que ficaram sem resposta, com o link para ensinar. Vale para todos
            os seus agentes.
          </span>
        </span>
      </label>
    </section>
  );
}
