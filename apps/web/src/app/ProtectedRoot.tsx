import { Outlet } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';

/** The payment flow: signed-out visitors register first and come back here with their plan (docs/product.md §2). */
export default function ProtectedRoot() {
  return (
    <RequireAuth signedOutPath="/register">
      <Outlet />
    </RequireAuth>
  );
}
