// The sidebar (spec §2): header, the screens in the spec's order, role-gated entries, settings and logout.
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FlagIcon from '@mui/icons-material/Flag';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Divider } from '@mui/material';
import type { ReactElement } from 'react';
import { Menu as RaMenu } from 'react-admin';
import { canEditData, canReadAudit } from '../providers/authProvider';
import { useCurrentUser } from '../providers/useCurrentUser';
import { LogoutMenuItem } from './LogoutMenuItem';
import { SidebarHeader } from './SidebarHeader';

interface MenuEntry {
  to: string;
  /** An i18n key from i18n/pt-BR.ts. */
  label: string;
  icon: ReactElement;
  /** Shown only to users who may edit data (a view-only user cannot use the screen). */
  editorsOnly?: boolean;
}

/** Every user's entries, in the spec's order. /budget has a route but no entry (spec §2). */
const screens: MenuEntry[] = [
  { to: '/', label: 'fluxo.menu.dashboard', icon: <DashboardIcon /> },
  { to: '/cash-flow', label: 'fluxo.menu.cashFlow', icon: <SwapVertIcon /> },
  { to: '/expenses', label: 'fluxo.menu.expenses', icon: <ReceiptLongIcon /> },
  { to: '/revenues', label: 'fluxo.menu.revenues', icon: <TrendingUpIcon /> },
  { to: '/goals', label: 'fluxo.menu.goals', icon: <FlagIcon /> },
  { to: '/investments', label: 'fluxo.menu.investments', icon: <ShowChartIcon /> },
  { to: '/ai-insights', label: 'fluxo.menu.aiInsights', icon: <AutoAwesomeIcon /> },
  { to: '/reports', label: 'fluxo.menu.reports', icon: <AssessmentIcon /> },
  { to: '/import-ofx', label: 'fluxo.menu.importOfx', icon: <UploadFileIcon />, editorsOnly: true },
  { to: '/bank-integration', label: 'fluxo.menu.bankIntegration', icon: <AccountBalanceIcon /> },
];

const item = ({ to, label, icon }: MenuEntry) => <RaMenu.Item key={to} to={to} primaryText={label} leftIcon={icon} />;

export const Menu = () => {
  const { user } = useCurrentUser();
  return (
    <RaMenu>
      <SidebarHeader />
      {screens.filter((screen) => !screen.editorsOnly || canEditData(user?.role)).map(item)}
      {canEditData(user?.role) && item({ to: '/users', label: 'fluxo.menu.users', icon: <PeopleIcon /> })}
      {canReadAudit(user?.role) && (user?.role !== 'super_admin' || user.isImpersonating) && item({ to: '/audit', label: 'fluxo.menu.audit', icon: <FactCheckIcon /> })}
      {(user?.role === 'super_admin' || user?.role === 'analyst') && item({ to: '/admin', label: 'fluxo.menu.admin', icon: <AdminPanelSettingsIcon /> })}
      <Divider sx={{ my: 1 }} />
      {item({ to: '/profile', label: 'fluxo.menu.settings', icon: <SettingsIcon /> })}
      <LogoutMenuItem />
    </RaMenu>
  );
};
