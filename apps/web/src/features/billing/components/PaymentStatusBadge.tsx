import type { PaymentStatus } from '@atende/shared';
import { cn } from '../../../components/ui/cn';
import { paymentStatusLabel } from '../format';

const styles: Record<PaymentStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-green-50 text-green-800 ring-green-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  refunded: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function PaymentStatusBadge({ status, label }: { status: PaymentStatus; label?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', styles[status])}>
      {label ?? paymentStatusLabel[status]}
    </span>
  );
}
