import { WifiOff } from 'lucide-react';

/** docs/product.md §2 error box: 'Erro de conexão' with the failure and an optional retry. */
export function ErrorBox({ message, detail, onRetry }: { message: string; detail?: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-red-800">
      <div className="flex items-center gap-2">
        <WifiOff className="size-5 shrink-0" aria-hidden="true" />
        <h2 className="font-semibold">Erro de conexão</h2>
      </div>
      <p className="mt-1 text-sm">{message}</p>
      {detail && detail !== message && <p className="mt-1 text-sm text-red-700">{detail}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-3 text-sm font-semibold text-red-800 underline hover:text-red-900">
          Tentar conectar novamente
        </button>
      )}
    </div>
  );
}
