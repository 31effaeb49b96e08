import type { PaymentRecord } from '@atende/shared';
import { formatCents } from '@atende/shared';
import { formatDate } from '../../../lib/format';
import { PaymentStatusBadge } from './PaymentStatusBadge';

/** The account's payments, newest first. */
export function PaymentHistory({ payments }: { payments: PaymentRecord[] }) {
  return (
    <section aria-labelledby="payment-history" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="payment-history" className="text-lg font-semibold text-slate-900">
        Histórico de pagamentos
      </h2>
      {payments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nenhum pagamento registrado ainda.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">Data</th>
                <th scope="col" className="py-2 pr-4 font-semibold">Plano</th>
                <th scope="col" className="py-2 pr-4 font-semibold">Valor</th>
                <th scope="col" className="py-2 font-semibold">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payments.map((p) => (
                <tr key={p.id}>
                  <td className="py-2.5 pr-4 text-slate-700">{formatDate(p.createdAt)}</td>
                  <td className="py-2.5 pr-4 font-medium text-slate-900">{p.planName}</td>
                  <td className="py-2.5 pr-4 text-slate-700">{p.amountCents === null ? '-' : formatCents(p.amountCents)}</td>
                  <td className="py-2.5">
                    <PaymentStatusBadge status={p.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
