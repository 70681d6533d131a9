// Why Fluxo: a list of benefits beside the marketing figures of spec §1.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Grid, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { Section } from './Section';

const benefits = [
  'Menos trabalho manual: extratos importados e transações categorizadas automaticamente',
  'Decisões baseadas em dados, com alertas antes que o caixa fique negativo',
  'Dados de cada empresa isolados, com permissões por papel',
  'Tudo em português, com valores em reais e datas no padrão brasileiro',
];

const stats = [
  { value: '500+', label: 'Empresas' },
  { value: '99,9%', label: 'Uptime' },
  { value: '80%', label: 'Economia de tempo' },
  { value: '24/7', label: 'Suporte' },
];

export const Benefits = () => (
  <Section title="Por que escolher o Fluxo?" background="#f8fafc">
    <Grid container spacing={6} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <List disablePadding>
          {benefits.map(benefit => (
            <ListItem key={benefit} disableGutters sx={{ alignItems: 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                <CheckCircleIcon color="success" />
              </ListItemIcon>
              <ListItemText primary={benefit} slotProps={{ primary: { variant: 'body1' } }} />
            </ListItem>
          ))}
        </List>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Grid container spacing={2}>
          {stats.map(({ value, label }) => (
            <Grid key={label} size={6}>
              <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', borderRadius: 3 }}>
                <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: 'primary.main' }}>
                  {value}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Grid>
    </Grid>
  </Section>
);
