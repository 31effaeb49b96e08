import type { PaymentStatus, Plan } from '@atende/shared';
import { formatBrl } from '@atende/shared';

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });
const numberFormat = new Intl.NumberFormat('pt-BR');

/** 17/01/2025 */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** 1.000 */
export const formatNumber = (value: number) => numberFormat.format(value);

/** 'R$ 149,00', 'Sob consulta' for Enterprise. */
export function planPrice(plan: Pick<Plan, 'priceBrl'>): string {
  return plan.priceBrl === null ? 'Sob consulta' : formatBrl(plan.priceBrl);
}

/** SPEC §4 plan status, in Portuguese. */
export const paymentStatusLabel: Record<PaymentStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  rejected: 'Recusado',
  refunded: 'Reembolsado',
};
