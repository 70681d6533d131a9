// The signed-in user and organization, typed, for components inside the admin (header, sidebar, screens).
import { useGetIdentity } from 'react-admin';
import type { FluxoIdentity } from './authProvider';

export const useCurrentUser = (): { user: FluxoIdentity | undefined; isPending: boolean } => {
  const { identity, isPending } = useGetIdentity();
  return { user: identity as FluxoIdentity | undefined, isPending };
};
