import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Goes to `to` after `ms` (docs/product.md §9 delays), replacing the current page in history. */
export function useRedirectAfter(to: string, ms: number, enabled = true) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [navigate, to, ms, enabled]);
}
