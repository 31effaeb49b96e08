import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { queryClient } from './queryClient';

/**
 * Layout of the pages that fetch through TanStack Query or show toasts
 * (pricing, checkout, dashboard). A lazy chunk: the public pages — the landing
 * page above all — never download the query library or the toaster.
 */
export default function DataRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      {/* Bottom of the screen: on a phone a toast at the top would cover a dialog's title and close button. */}
      <Toaster position="bottom-right" richColors closeButton toastOptions={{ closeButtonAriaLabel: 'Fechar aviso' }} containerAriaLabel="Avisos" />
    </QueryClientProvider>
  );
}
