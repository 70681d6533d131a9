// The admin panel (/admin): for the super admin stats, tabs Organizações / Usuários / Auditoria /
// Projeções with a search box, dialogs, the profile dialog and logout; for the platform analyst the
// Projeções tab only; everyone else sees 'Acesso Negado'.
import AddIcon from '@mui/icons-material/Add';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Card, InputAdornment, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading, Title, useLogout, useNotify } from 'react-admin';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { AccessDenied } from './AccessDenied';
import { AdminProfileDialog } from './AdminProfileDialog';
import { AdminStats } from './AdminStats';
import { SessionsTable } from './audit/SessionsTable';
import { OrganizationsTab } from './OrganizationsTab';
import { ProjectionsTab } from './ProjectionsTab';
import { UsersTab } from './UsersTab';

type TabName = 'organizations' | 'users' | 'audit' | 'projections';

const AdminPanel = () => {
  const { user, isPending } = useCurrentUser();
  const logout = useLogout();
  const notify = useNotify();
  const [tab, setTab] = useState<TabName>('organizations');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);

  if (isPending) return <Loading />;
  if (user?.role === 'analyst') return <AnalystPanel />;
  if (user?.role !== 'super_admin') return <AccessDenied />;

  const changeTab = (next: TabName) => {
    setTab(next);
    setSearch('');
    setCreating(false);
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Painel Admin" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Painel Administrativo</Typography>
          <Typography variant="body2" color="text.secondary">Gerencie organizações, usuários e acessos da plataforma</Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<PersonIcon />} onClick={() => setProfileOpen(true)}>Meu Perfil</Button>
          <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => logout({}, '/login', false).catch(() => notify(...toast('Erro ao fazer logout', undefined, 'error')))}>Sair</Button>
        </Stack>
      </Stack>
      <AdminStats />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ px: 2, pt: 1, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          <Tabs value={tab} onChange={(_, next: TabName) => changeTab(next)} variant="scrollable" allowScrollButtonsMobile aria-label="Seções do painel">
            <Tab value="organizations" label="Organizações" />
            <Tab value="users" label="Usuários" />
            <Tab value="audit" label="Auditoria" />
            <Tab value="projections" label="Projeções" />
          </Tabs>
          {(tab === 'organizations' || tab === 'users') && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 1 }}>
              <TextField
                size="small"
                placeholder={tab === 'organizations' ? 'Buscar organizações' : 'Buscar usuários'}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': 'Buscar' } }}
              />
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {tab === 'organizations' ? 'Nova Organização' : 'Novo Usuário'}
              </Button>
            </Stack>
          )}
        </Stack>
        {tab === 'organizations' && <OrganizationsTab search={search} creating={creating} onCloseCreate={() => setCreating(false)} />}
        {tab === 'users' && <UsersTab search={search} creating={creating} onCloseCreate={() => setCreating(false)} />}
        {tab === 'audit' && (
          <Box sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
              Sessões de acesso às organizações (personificação): quem, qual organização, início, fim e quantas ações. Clique numa sessão para ver cada requisição e cada alteração.
            </Typography>
            <SessionsTable resource="admin/impersonations" showOrganization />
          </Box>
        )}
        {tab === 'projections' && <ProjectionsTab />}
      </Card>
      <AdminProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
    </Box>
  );
};

/** The platform analyst's panel: the projections, and logout. */
const AnalystPanel = () => {
  const logout = useLogout();
  const notify = useNotify();
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Painel Admin" />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Projeções</Typography>
          <Typography variant="body2" color="text.secondary">Acompanhe e reconstrua os modelos de leitura da plataforma</Typography>
        </Box>
        <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => logout({}, '/login', false).catch(() => notify(...toast('Erro ao fazer logout', undefined, 'error')))}>Sair</Button>
      </Stack>
      <Card><ProjectionsTab /></Card>
    </Box>
  );
};

export default AdminPanel;
