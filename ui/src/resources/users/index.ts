// The users resource: the Usuários screen at /users (its API is /api/organization/users); dialogs inside it.
import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

const UserList = lazy(() => import('./UserList'));

export default { list: UserList, icon: PeopleIcon };
