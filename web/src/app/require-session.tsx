import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

/** Routes only for signed-in users (SPEC: /klepet); visitors go to /auth. */
export function RequireSession() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  return user ? <Outlet /> : <Navigate to="/auth" replace />;
}
