// The landing page's sticky header: brand, section anchors, and the way in (Entrar / Começar Grátis).
import { AppBar, Box, Button, Container, Toolbar } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from './Logo';

const anchors = [
  { href: '#features', label: 'Recursos' },
  { href: '#pricing', label: 'Preços' },
  { href: '#testimonials', label: 'Depoimentos' },
];

export const LandingHeader = () => (
  <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.9)', backdropFilter: 'blur(8px)' }}>
    <Container maxWidth="lg">
      <Toolbar disableGutters sx={{ gap: 1 }}>
        <Logo to="/" />
        <Box component="nav" sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, ml: 4, flexGrow: 1 }}>
          {anchors.map(({ href, label }) => (
            <Button key={href} href={href} color="inherit" sx={{ color: 'text.secondary' }}>
              {label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        <Button component={RouterLink} to="/login" color="inherit">
          Entrar
        </Button>
        <Button component={RouterLink} to="/register" variant="contained" disableElevation>
          Começar Grátis
        </Button>
      </Toolbar>
    </Container>
  </AppBar>
);
