// The header: menu button (opens the sidebar on small screens), page title, slots for the search box
// and the notification bell, the loading indicator, and the signed-in user.
import type { ReactNode } from 'react';
import { LoadingIndicator, AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { HeaderUser } from './HeaderUser';

export interface AppBarSlots {
  /** Spec §2's header search box (layout/HeaderSearch.tsx). */
  search?: ReactNode;
  /** Spec §2's notification bell (layout/NotificationBell.tsx). */
  notifications?: ReactNode;
}

export const AppBar = ({ search, notifications }: AppBarSlots) => (
  <RaAppBar
    userMenu={<HeaderUser />}
    toolbar={
      <>
        {search}
        {notifications}
        <LoadingIndicator />
      </>
    }
  >
    <TitlePortal />
  </RaAppBar>
);
