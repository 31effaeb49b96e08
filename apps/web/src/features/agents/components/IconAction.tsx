import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/Spinner';

const actionClass = (tone: 'default' | 'danger') =>
  cn(
    'inline-flex size-9 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed disabled:opacity-50',
    tone === 'danger' ? 'text-red-600 hover:bg-red-50' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

type IconActionProps = {
  label: string;
  icon: ReactNode;
  tone?: 'default' | 'danger';
} & ({ to: string } | { onClick: () => void; loading?: boolean; disabled?: boolean });

/** An icon-only action with an accessible label and a tooltip showing the same text. */
export function IconAction({ label, icon, tone = 'default', ...action }: IconActionProps) {
  const trigger =
    'to' in action ? (
      <Link to={action.to} aria-label={label} className={actionClass(tone)}>
        {icon}
      </Link>
    ) : (
      <button
        type="button"
        aria-label={label}
        onClick={action.onClick}
        disabled={action.disabled || action.loading}
        aria-busy={action.loading || undefined}
        className={actionClass(tone)}
      >
        {action.loading ? <Spinner className="size-4" /> : icon}
      </button>
    );
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md"
        >
          {label}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
