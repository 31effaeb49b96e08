import { RequireAuth } from '../features/auth/RequireAuth';
import { DashboardLayout } from './DashboardLayout';

export default function DashboardRoot() {
  return (
    <RequireAuth>
      <DashboardLayout />
    </RequireAuth>
  );
}
