import { cn } from '../../../components/ui/cn';
import { formatNumber } from '../../../lib/format';

/** One usage line of 'Meu plano' with its progress bar ('ilimitado' when the plan has no limit). */
export function UsageMeter({ label, used, limit, unit }: { label: string; used: number; limit: number | null; unit: string }) {
  const ratio = limit ? Math.min(1, used / limit) : 0;
  const full = limit !== null && used >= limit;
  const text = limit === null ? `${formatNumber(used)} ${unit} (ilimitado)` : `${formatNumber(used)} / ${formatNumber(limit)} ${unit}`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-600">{text}</span>
      </div>
      {limit !== null && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={text}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', full ? 'bg-red-500' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-brand-600')}
            style={{ width: `${ratio * 100}%` }}
          />
        </div>
      )}
    </div>
  );
}
