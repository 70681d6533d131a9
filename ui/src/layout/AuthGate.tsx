// Decides what a visitor sees on every path that has no public route of its own: the app for the
// signed-in; for the signed-out, the landing page at /, the login page for a protected screen,
// and the 404 page anywhere else (spec §2).
import type { ReactNode } from 'react';
import { Loading, useAuthState, useResourceDefinitions } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { Landing } from '../pages/Landing';
import { NotFound } from '../pages/NotFound';

/**
 * Spec §2's protected screens. Resources declared with <Resource> count as protected on their own;
 * a custom route outside this list shows 404 to a signed-out visitor instead of asking them to log in.
 */
const protectedPaths = [
  '/dashboard',
  '/cash-flow',
  '/budget',
  '/expenses',
  '/revenues',
  '/users',
  '/goals',
  '/investments',
  '/ai-insights',
  '/reports',
  '/profile',
  '/bank-integration',
  '/import-ofx',
  '/admin',
];

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

const SignedOut = () => {
  const { pathname, search } = useLocation();
  const resources = Object.keys(useResourceDefinitions()).map(name => `/${name}`);
  if (pathname === '/') return <Landing />;
  if ([...protectedPaths, ...resources].some(path => isUnder(pathname, path))) {
    return <Navigate to="/login" replace state={{ nextPathname: pathname, nextSearch: search }} />;
  }
  return <NotFound />;
};

export const AuthGate = ({ children }: { children: ReactNode }) => {
  const { authenticated, isPending } = useAuthState();
  if (isPending) return <Loading />;
  return authenticated ? children : <SignedOut />;
};
