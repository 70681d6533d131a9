// The signed-in app's frame: react-admin's layout with Fluxo's header and sidebar, behind the auth gate.
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout as RaLayout, Loading } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../providers/useCurrentUser';
import { AppBar } from './AppBar';
import { AuthGate } from './AuthGate';
import { HeaderSearch } from './HeaderSearch';
import { Menu } from './Menu';
import { NotificationBell } from './NotificationBell';
import { ImpersonationBanner } from '../pages/admin/ImpersonationBanner';
import { DegradedBanner } from './DegradedBanner';

// Spec §2's header search box and notification bell.
const Header = () => <AppBar search={<HeaderSearch />} notifications={<NotificationBell />} />;

/**
 * A super admin not acting as a tenant has no tenant: the admin panel (its own sidebar, profile
 * dialog and logout) is all they see — no tenant menu, dashboard or notification polling, which
 * would only answer 403.
 */
const AdminPanelOnly = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  if (pathname !== '/admin') return <Navigate to="/admin" replace />;
  return <Box component="main" sx={{ px: { xs: 1, sm: 3 }, py: 2, maxWidth: 1400, mx: 'auto' }}>{children}</Box>;
};

const SignedInFrame = ({ children }: { children: ReactNode }) => {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Loading />;
  // The platform analyst has no tenant either: the admin panel shows them the projections only.
  if ((user?.role === 'super_admin' && !user.isImpersonating) || user?.role === 'analyst') return <AdminPanelOnly>{children}</AdminPanelOnly>;
  return (
    <RaLayout appBar={Header} menu={Menu}>
      <ImpersonationBanner />
      <DegradedBanner />
      {children}
    </RaLayout>
  );
};

export const Layout = ({ children }: { children: ReactNode }) => (
  <AuthGate>
    <SignedInFrame>{children}</SignedInFrame>
  </AuthGate>
);
