import type { ReactNode } from 'react';
import { cn } from './cn';
import { AlertIcon, CheckIcon } from './icons';

export function Alert({ tone, children, className }: { tone: 'error' | 'success'; children: ReactNode; className?: string }) {
  const Icon = tone === 'error' ? AlertIcon : CheckIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
        tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-800',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
