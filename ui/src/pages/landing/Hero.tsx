// The landing page's opening: the promise, the 14-day free trial, and a sketch of the product.
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Box, Button, Chip, Container, Grid, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

// Decorative bar heights (percent) for the product sketch; they are a drawing, not data.
const bars = [
  { income: 55, expense: 40 },
  { income: 62, expense: 48 },
  { income: 58, expense: 52 },
  { income: 74, expense: 50 },
  { income: 80, expense: 57 },
  { income: 92, expense: 61 },
];

const ProductSketch = () => (
  <Paper elevation={8} sx={{ p: 3, borderRadius: 4 }} aria-hidden>
    <Typography variant="subtitle2" sx={{ color: 'text.secondary', mb: 2 }}>
      Fluxo de Caixa
    </Typography>
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1.5, height: 180 }}>
      {bars.map(({ income, expense }, index) => (
        <Box key={index} sx={{ flex: 1, display: 'flex', alignItems: 'flex-end', gap: 0.5, height: '100%' }}>
          <Box sx={{ flex: 1, height: `${income}%`, borderRadius: 1, bgcolor: 'primary.main' }} />
          <Box sx={{ flex: 1, height: `${expense}%`, borderRadius: 1, bgcolor: 'secondary.light', opacity: 0.7 }} />
        </Box>
      ))}
    </Box>
    <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
      <Chip size="small" icon={<AutoAwesomeIcon />} label="Insights IA" color="primary" variant="outlined" />
      <Chip size="small" label="Metas Financeiras" variant="outlined" />
      <Chip size="small" label="Relatórios" variant="outlined" />
    </Stack>
  </Paper>
);

export const Hero = () => (
  <Box component="section" sx={{ py: { xs: 8, md: 12 }, background: 'linear-gradient(180deg, #eef2ff 0%, #ffffff 100%)' }}>
    <Container maxWidth="lg">
      <Grid container spacing={6} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Chip label="Teste grátis por 14 dias" color="primary" sx={{ mb: 3, fontWeight: 600 }} />
          <Typography variant="h2" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.03em', fontSize: { xs: '2.25rem', md: '3.5rem' }, mb: 2 }}>
            Gestão financeira inteligente para a sua empresa
          </Typography>
          <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400, mb: 4 }}>
            Fluxo de caixa, despesas, receitas, metas e investimentos em um só lugar, com insights de IA e integração
            bancária. Feito para empresas brasileiras.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button component={RouterLink} to="/register" variant="contained" size="large" disableElevation>
              Começar Teste Grátis de 14 Dias
            </Button>
            <Button href="#features" variant="outlined" size="large">
              Ver Recursos
            </Button>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProductSketch />
        </Grid>
      </Grid>
    </Container>
  </Box>
);
