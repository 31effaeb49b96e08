import type { CustomerMatch } from '@atende/shared';
import { Download, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Field } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { downloadCustomer, useCustomerSearch, useEraseCustomer, useErasures } from './api';

const CHANNEL_NAMES: Record<string, string> = { web: 'Link e site', whatsapp: 'WhatsApp' };

/**
 * 'Dados de clientes (LGPD)' (docs/product.md §2): when a customer asks, the merchant finds their conversations
 * with every agent by WhatsApp number or visitor code, exports them (JSON) or erases them everywhere. Erasures are
 * listed without content.
 */
export default function CustomersPage() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const search = useCustomerSearch(q);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setQ(input.trim());
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Dados de clientes (LGPD)"
        description="Quando um cliente pedir, encontre as conversas dele com seus agentes, exporte uma cópia ou exclua tudo."
      />
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" role="search">
        <Field
          className="min-w-64 flex-1"
          label="Número do WhatsApp ou código do visitante"
          hint="Ex.: 11 98765-4321, ou Visitante 3F9A2C como aparece nas conversas."
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <Button type="submit" disabled={input.trim().length < 3}>
          <Search className="size-4" aria-hidden="true" /> Buscar
        </Button>
      </form>
      {search.isFetching && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="size-4" /> Buscando...
        </p>
      )}
      {search.isError && <Alert tone="error">{userMessageOf(search.error)}</Alert>}
      {search.data && search.data.customers.length === 0 && (
        <p className="text-sm text-slate-600" role="status">
          Nenhuma conversa encontrada para "{q}".
        </p>
      )}
      {search.data && search.data.customers.length > 0 && (
        <ul className="space-y-3" aria-label="Clientes encontrados">
          {search.data.customers.map((customer) => (
            <li key={customer.customerLabel}>
              <CustomerCard customer={customer} />
            </li>
          ))}
        </ul>
      )}
      <ErasureLog />
    </div>
  );
}

function CustomerCard({ customer }: { customer: CustomerMatch }) {
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const erase = useEraseCustomer();
  const ref = { channel: customer.channel, customerLabel: customer.customerLabel };
  const count = customer.conversations.length;

  async function onExport() {
    setExporting(true);
    try {
      await downloadCustomer(ref);
    } catch (error) {
      toast.error(userMessageOf(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <article aria-label={customer.customerLabel} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-slate-900">{customer.customerLabel}</h2>
          <p className="text-sm text-slate-600">
            {CHANNEL_NAMES[customer.channel]} · {count === 1 ? '1 conversa' : `${count} conversas`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" className="py-2" loading={exporting} onClick={() => void onExport()}>
            <Download className="size-4" aria-hidden="true" /> Exportar (JSON)
          </Button>
          <Button type="button" variant="danger" className="py-2" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" /> Excluir dados
          </Button>
        </div>
      </div>
      <ul className="mt-3 space-y-1 text-sm text-slate-700">
        {customer.conversations.map((c) => (
          <li key={c.id}>
            {c.agentName}: {c.messageCount} {c.messageCount === 1 ? 'mensagem' : 'mensagens'}, de {formatDate(c.createdAt)} a {formatDate(c.lastMessageAt)}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Excluir os dados de ${customer.customerLabel}?`}
        description={
          <>
            <p>
              {count === 1 ? 'A conversa' : `As ${count} conversas`} desse cliente e todas as mensagens serão apagadas de todos os agentes. Essa ação não pode
              ser desfeita.
            </p>
            <p>O Painel e o uso do plano continuam com as contagens, sem nada do que o cliente escreveu. A exclusão fica registrada abaixo, sem o conteúdo.</p>
          </>
        }
        confirmLabel="Excluir dados"
        pendingLabel="Excluindo..."
        pending={erase.isPending}
        error={erase.error ? userMessageOf(erase.error) : null}
        onConfirm={() =>
          erase.mutate(ref, {
            onSuccess: (result) => {
              setConfirming(false);
              toast.success(
                `Dados excluídos: ${result.conversations === 1 ? '1 conversa' : `${formatNumber(result.conversations)} conversas`} e ${
                  result.messages === 1 ? '1 mensagem' : `${formatNumber(result.messages)} mensagens`
                }.`,
              );
            },
          })
        }
      />
    </article>
  );
}

function ErasureLog() {
  const log = useErasures();
  return (
    <section aria-labelledby="exclusoes" className="space-y-2">
      <h2 id="exclusoes" className="text-lg font-semibold text-slate-900">
        Exclusões registradas
      </h2>
      {log.isError && <Alert tone="error">{userMessageOf(log.error)}</Alert>}
      {log.data?.erasures.length === 0 && <p className="text-sm text-slate-600">Nenhuma exclusão ainda.</p>}
      {log.data && log.data.erasures.length > 0 && (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-100 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Quando</th>
                <th scope="col" className="px-4 py-2 font-medium">Cliente</th>
                <th scope="col" className="px-4 py-2 font-medium">Agente</th>
                <th scope="col" className="px-4 py-2 font-medium">Conversas</th>
                <th scope="col" className="px-4 py-2 font-medium">Mensagens</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {log.data.erasures.map((e) => (
                <tr key={e.id}>
                  <td className="px-4 py-2">{formatDateTime(e.createdAt)}</td>
                  <td className="px-4 py-2">
                    {e.customerLabel} <span className="text-slate-500">({CHANNEL_NAMES[e.channel] ?? e.channel})</span>
                  </td>
                  <td className="px-4 py-2">{e.agentName}</td>
                  <td className="px-4 py-2">{formatNumber(e.conversations)}</td>
                  <td className="px-4 py-2">{formatNumber(e.messages)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
