// The signed-in app's frame: react-admin's layout with Fluxo's header and sidebar, behind the auth gate.
import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { AuthGate } from './AuthGate';
import { Menu } from './Menu';
import { ImpersonationBanner } from '../pages/admin/ImpersonationBanner';

// Spec §2's header search box and notification bell plug in here: <AppBar search={…} notifications={…} />.
const Header = () => <AppBar />;

export const Layout = ({ children }: { children: ReactNode }) => (
  <AuthGate>
    <RaLayout appBar={Header} menu={Menu}>
      <ImpersonationBanner />
      {children}
    </RaLayout>
  </AuthGate>
);
