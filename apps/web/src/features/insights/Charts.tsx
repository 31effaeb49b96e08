import type { Insights } from '@atende/shared';
import { insightChannelLabels } from '@atende/shared';
import { useId } from 'react';
import { formatNumber, plural } from '../../lib/format';

/*
 * The Painel's charts: plain SVG drawn here (no chart library: nothing to download but this chunk, which the
 * Painel loads lazily), each an image with a title and a one-line summary for screen readers, and its numbers in
 * a table only screen readers read. Colours pass WCAG contrast on white and every series also has a legend.
 */

interface Series {
  name: string;
  /** A Tailwind fill class. */
  fill: string;
  values: number[];
}

interface BarChartProps {
  title: string;
  summary: string;
  labels: string[];
  /** Which labels to print under the axis (every one does not fit on 90 days). */
  tickEvery?: number;
  series: Series[];
}

const HEIGHT = 160;
const BAR_GAP = 0.2;

/** Stacked vertical bars, one per label. */
export function BarChart({ title, summary, labels, tickEvery = 1, series }: BarChartProps) {
  const titleId = useId();
  const descId = useId();
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const width = Math.max(labels.length * 14, 280);
  const slot = width / labels.length;
  const barWidth = slot * (1 - BAR_GAP);
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        {series.length > 1 && (
          <span className="flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
            {series.map((s) => (
              <span key={s.name} className="inline-flex items-center gap-1">
                <svg className="size-2.5" viewBox="0 0 10 10">
                  <rect width="10" height="10" rx="2" className={s.fill} />
                </svg>
                {s.name}
              </span>
            ))}
          </span>
        )}
      </figcaption>
      <div className="relative">
        <span className="absolute top-0 left-0 text-[10px] text-slate-500" aria-hidden="true">
          {formatNumber(max)}
        </span>
        <svg
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full"
        >
          <title id={titleId}>{title}</title>
          <desc id={descId}>{summary}</desc>
          <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-300" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {labels.map((label, i) => {
            let y = HEIGHT;
            return (
              <g key={label}>
                {series.map((s) => {
                  const h = ((s.values[i] ?? 0) / max) * (HEIGHT - 14);
                  y -= h;
                  return h > 0 ? <rect key={s.name} x={i * slot + (slot - barWidth) / 2} y={y} width={barWidth} height={h} className={s.fill} /> : null;
                })}
              </g>
            );
          })}
        </svg>
        {/* The axis labels in HTML, so the stretched drawing never stretches the text. */}
        <div className="relative mt-1 h-4 text-[10px] text-slate-500" aria-hidden="true">
          {labels.map((label, i) =>
            i % tickEvery === 0 ? (
              <span key={label} className="absolute -translate-x-1/2 whitespace-nowrap" style={{ left: `${((i + 0.5) / labels.length) * 100}%` }}>
                {label}
              </span>
            ) : null,
          )}
        </div>
      </div>
      {/* The wrapper, not the table, is clipped: a table keeps its content's width whatever its own size (at 390 px the
          page scrolled sideways). */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Período</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.name}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const peak = (values: number[]) => values.reduce((best, v, i) => (v > values[best]! ? i : best), 0);

/** The Painel's three charts: messages per day (answered and not), per channel, and per hour of the day. */
export default function InsightsCharts({ data }: { data: Insights }) {
  const days = data.daily.map((d) => shortDate(d.date));
  const busiest = peak(data.daily.map((d) => d.messages));
  const peakHour = peak(data.hours);
  const hourTotal = data.hours.reduce((a, b) => a + b, 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <BarChart
          title="Mensagens de clientes por dia"
          summary={`${formatNumber(data.totals.messages)} mensagens em ${data.days} dias; o dia com mais foi ${shortDate(data.daily[busiest]!.date)}, com ${formatNumber(data.daily[busiest]!.messages)}.`}
          labels={days}
          tickEvery={Math.ceil(days.length / 10)}
          series={[
            { name: 'Mensagens', fill: 'fill-brand-600', values: data.daily.map((d) => d.messages) },
          ]}
        />
      </div>
      <BarChart
        title="Respostas por dia"
        summary={`${formatNumber(data.totals.answered)} respondidas com a base de conhecimento e ${formatNumber(data.totals.unanswered)} sem resposta.`}
        labels={days}
        tickEvery={Math.ceil(days.length / 6)}
        series={[
          { name: 'Respondidas', fill: 'fill-emerald-600', values: data.daily.map((d) => d.answered) },
          { name: 'Sem resposta', fill: 'fill-amber-600', values: data.daily.map((d) => d.unanswered) },
        ]}
      />
      <BarChart
        title="Horários de pico"
        summary={
          hourTotal > 0
            ? `O horário com mais mensagens é das ${peakHour}h às ${peakHour + 1}h, com ${formatNumber(data.hours[peakHour]!)}.`
            : 'Nenhuma mensagem no período.'
        }
        labels={data.hours.map((_, h) => `${h}h`)}
        tickEvery={3}
        series={[{ name: 'Mensagens', fill: 'fill-brand-600', values: data.hours }]}
      />
      <div className="lg:col-span-2">
        <ChannelBars channels={data.channels} />
      </div>
    </div>
  );
}

function ChannelBars({ channels }: { channels: Insights['channels'] }) {
  const total = channels.reduce((sum, c) => sum + c.conversations, 0);
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="mb-3 text-sm font-semibold text-slate-900">Conversas por canal</figcaption>
      <ul className="space-y-2">
        {channels.map((c) => {
          const share = total > 0 ? Math.round((c.conversations / total) * 100) : 0;
          return (
            <li key={c.channel} className="text-sm">
              <div className="flex justify-between text-slate-700">
                <span>{insightChannelLabels[c.channel] ?? c.channel}</span>
                <span>
                  {plural(c.conversations, 'conversa', 'conversas')} · {plural(c.messages, 'mensagem', 'mensagens')} ({share}%)
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
