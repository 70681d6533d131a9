// The signed-in app's frame: react-admin's layout with Fluxo's header and sidebar, behind the auth gate.
import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { AuthGate } from './AuthGate';
import { HeaderSearch } from './HeaderSearch';
import { Menu } from './Menu';
import { NotificationBell } from './NotificationBell';
import { ImpersonationBanner } from '../pages/admin/ImpersonationBanner';

// Spec §2's header search box and notification bell.
const Header = () => <AppBar search={<HeaderSearch />} notifications={<NotificationBell />} />;

export const Layout = ({ children }: { children: ReactNode }) => (
  <AuthGate>
    <RaLayout appBar={Header} menu={Menu}>
      <ImpersonationBanner />
      {children}
    </RaLayout>
  </AuthGate>
);
