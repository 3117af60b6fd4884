import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { announceSessionExpired, hasToken } from '../providers/auth';
import { loginPath } from '../lib/navigation';

/** Every route but login, register and reset needs the token cookie. */
export function RequireAuth() {
  const { pathname, search } = useLocation();
  const signedIn = hasToken();
  useEffect(() => {
    if (!signedIn) announceSessionExpired();
  }, [signedIn]);
  return signedIn ? <Outlet /> : <Navigate to={loginPath(`${pathname}${search}`)} replace />;
}
