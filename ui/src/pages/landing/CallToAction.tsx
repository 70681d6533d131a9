// The closing invitation to start the free trial.
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export const CallToAction = () => (
  <Box component="section" sx={{ py: { xs: 8, md: 10 }, color: 'common.white', background: 'linear-gradient(135deg, #4338ca 0%, #0e7490 100%)' }}>
    <Container maxWidth="md" sx={{ textAlign: 'center' }}>
      <Typography variant="h4" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        Pronto para transformar a gestão financeira da sua empresa?
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, mb: 4 }}>
        Comece hoje o seu teste grátis de 14 dias.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/register" variant="contained" size="large" disableElevation sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: 'grey.100' } }}>
          Começar Grátis
        </Button>
        <Button component={RouterLink} to="/login" variant="outlined" size="large" sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.6)' }}>
          Entrar
        </Button>
      </Stack>
    </Container>
  </Box>
);
