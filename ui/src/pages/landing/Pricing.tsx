// The three plans, exactly as spec §1 lists them (marketing only: no billing behind them).
import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Card, CardContent, Chip, Grid, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Section } from './Section';

interface Plan {
  name: string;
  description: string;
  price: string;
  features: string[];
  popular?: boolean;
}

const plans: Plan[] = [
  {
    name: 'Starter',
    description: 'Para quem está começando a organizar as finanças',
    price: 'R$ 49',
    features: ['Até 1.000 transações/mês', '1 conexão bancária', 'Relatórios básicos', 'Suporte por email', '1 usuário'],
  },
  {
    name: 'Professional',
    description: 'Para empresas em crescimento',
    price: 'R$ 249',
    popular: true,
    features: [
      'Transações ilimitadas',
      'Conexões bancárias ilimitadas',
      'Insights de IA avançados',
      'Relatórios personalizados',
      'Até 5 usuários',
      'Suporte prioritário',
    ],
  },
  {
    name: 'Enterprise',
    description: 'Para operações maiores e equipes completas',
    price: 'R$ 449',
    features: ['Todos os recursos do Professional', 'Usuários ilimitados', 'Treinamento dedicado', 'Gerente de conta', 'SLA'],
  },
];

export const Pricing = () => (
  <Section id="pricing" title="Planos que crescem com a sua empresa" subtitle="Experimente grátis por 14 dias">
    <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
      {plans.map(({ name, description, price, features, popular }) => (
        <Grid key={name} size={{ xs: 12, md: 4 }}>
          <Card
            variant="outlined"
            sx={{
              height: '100%',
              borderRadius: 3,
              position: 'relative',
              overflow: 'visible',
              borderColor: popular ? 'primary.main' : undefined,
              borderWidth: popular ? 2 : 1,
              boxShadow: popular ? 6 : 0,
            }}
          >
            {popular && (
              <Chip
                label="Mais Popular"
                color="primary"
                size="small"
                sx={{ position: 'absolute', top: -12, left: '50%', transform: 'translateX(-50%)', fontWeight: 700 }}
              />
            )}
            <CardContent sx={{ p: 4, display: 'flex', flexDirection: 'column', height: '100%' }}>
              <Typography variant="h5" component="h3" sx={{ fontWeight: 700 }}>
                {name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
                {description}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, mb: 3 }}>
                <Typography variant="h3" component="p" sx={{ fontWeight: 800 }}>
                  {price}
                </Typography>
                <Typography variant="body1" sx={{ color: 'text.secondary' }}>
                  /mês
                </Typography>
              </Box>
              <List dense disablePadding sx={{ flexGrow: 1, mb: 3 }}>
                {features.map(feature => (
                  <ListItem key={feature} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <CheckIcon color="primary" fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={feature} />
                  </ListItem>
                ))}
              </List>
              <Button component={RouterLink} to="/register" variant={popular ? 'contained' : 'outlined'} size="large" fullWidth disableElevation>
                Começar Teste Grátis
              </Button>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  </Section>
);
