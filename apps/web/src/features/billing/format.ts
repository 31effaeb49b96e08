import type { PaymentStatus, Plan } from '@atende/shared';
import { formatBrl } from '@atende/shared';

/** 'R$ 149,00', 'Sob consulta' for Enterprise. */
export function planPrice(plan: Pick<Plan, 'priceBrl'>): string {
  return plan.priceBrl === null ? 'Sob consulta' : formatBrl(plan.priceBrl);
}

/** docs/product.md §4 plan status, in Portuguese. */
export const paymentStatusLabel: Record<PaymentStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  rejected: 'Recusado',
  refunded: 'Reembolsado',
};
