import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from '../lib/auth';

/** Member area: a visitor goes to /login. */
export function RequireMember() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <PageLoader label="Checking your session…" />;
  if (state.status === 'signedOut')
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Admin area: a visitor goes to /login, a member outside the 'admin' group goes to /. */
export function RequireAdmin() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <PageLoader label="Checking your session…" />;
  if (state.status === 'signedOut')
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!state.user.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Home route for a signed-in user by role. */
export const homeFor = (isAdmin: boolean) => (isAdmin ? '/admindashboard' : '/dashboard');
