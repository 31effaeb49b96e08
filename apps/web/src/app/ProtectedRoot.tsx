import { Outlet } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';

/** Protected pages outside the dashboard shell (payment flow). */
export default function ProtectedRoot() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
