// The landing page's footer: brand, links to the sections and the auth pages, copyright.
import { Box, Container, Grid, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from './Logo';

const columns = [
  {
    title: 'Produto',
    links: [
      { label: 'Recursos', href: '#features' },
      { label: 'Preços', href: '#pricing' },
      { label: 'Depoimentos', href: '#testimonials' },
    ],
  },
  {
    title: 'Conta',
    links: [
      { label: 'Entrar', to: '/login' },
      { label: 'Criar conta', to: '/register' },
    ],
  },
];

export const LandingFooter = () => (
  <Box component="footer" sx={{ bgcolor: '#0f172a', color: 'grey.400', py: 6 }}>
    <Container maxWidth="lg">
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Logo to="/" light />
          <Typography variant="body2" sx={{ mt: 2, maxWidth: 360 }}>
            Gestão financeira inteligente para empresas brasileiras.
          </Typography>
        </Grid>
        {columns.map(({ title, links }) => (
          <Grid key={title} size={{ xs: 6, md: 3 }}>
            <Typography variant="subtitle2" sx={{ color: 'common.white', mb: 1.5 }}>
              {title}
            </Typography>
            <Stack spacing={1}>
              {links.map(link =>
                'to' in link ? (
                  <Link key={link.label} component={RouterLink} to={link.to} color="inherit" underline="hover" variant="body2">
                    {link.label}
                  </Link>
                ) : (
                  <Link key={link.label} href={link.href} color="inherit" underline="hover" variant="body2">
                    {link.label}
                  </Link>
                ),
              )}
            </Stack>
          </Grid>
        ))}
      </Grid>
      <Typography variant="caption" component="p" sx={{ mt: 5, pt: 3, borderTop: 1, borderColor: 'rgba(255,255,255,0.1)' }}>
        © {new Date().getFullYear()} Fluxo. Todos os direitos reservados.
      </Typography>
    </Container>
  </Box>
);
