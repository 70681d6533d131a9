// The admin panel page (lazy) and the impersonation banner the layout shows.
import { lazy } from 'react';

export const AdminPanel = lazy(() => import('./AdminPanel'));
export { ImpersonationBanner } from './ImpersonationBanner';
