import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { authClient, useSession } from './api/auth-client';
import { intentQuery, readIntent } from './intent';

/**
 * Protected guard (docs/product.md §2): spinner until auth is known; signed-out users go to /login with returnTo.
 * An empty session store is confirmed with the server before redirecting, so a session opened a moment
 * ago (the store refreshes asynchronously after sign-in) never bounces the user back to the login page.
 */
export function RequireAuth({
  children,
  signedOutPath = '/login',
}: {
  children: ReactNode;
  /** Where signed-out visitors go (the payment flow sends them to /register, docs/product.md §2). */
  signedOutPath?: '/login' | '/register';
}) {
  const { data, isPending, refetch } = useSession();
  const location = useLocation();
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    if (isPending || data) return;
    let cancelled = false;
    void authClient.getSession().then(({ data: fresh }) => {
      if (cancelled) return;
      if (fresh) void refetch();
      else setSignedOut(true);
    });
    return () => {
      cancelled = true;
    };
  }, [isPending, data, refetch]);

  if (data) return <>{children}</>;
  if (!signedOut) return <FullPageSpinner label="Carregando Dashboard..." />;
  const returnTo = location.pathname + location.search;
  const { plan } = readIntent(location);
  return <Navigate to={`${signedOutPath}${intentQuery({ plan, returnTo })}`} state={{ plan, returnTo }} replace />;
}
