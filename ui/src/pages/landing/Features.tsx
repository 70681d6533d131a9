// The six feature cards (spec §1): AI insights, bank integration, goals, team, reports, cash flow.
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import FlagIcon from '@mui/icons-material/Flag';
import GroupsIcon from '@mui/icons-material/Groups';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { Section } from './Section';

const features: { icon: ReactElement; title: string; description: string }[] = [
  {
    icon: <AutoAwesomeIcon />,
    title: 'Insights com IA',
    description: 'Análises automáticas apontam oportunidades, riscos e tendências nas finanças da sua empresa.',
  },
  {
    icon: <AccountBalanceIcon />,
    title: 'Integração Bancária',
    description: 'Conecte suas contas por Open Banking ou importe extratos OFX, sem digitação manual.',
  },
  {
    icon: <FlagIcon />,
    title: 'Metas Financeiras',
    description: 'Defina metas de receita, redução de custos e fundo de emergência e acompanhe o progresso.',
  },
  {
    icon: <GroupsIcon />,
    title: 'Gestão de Equipe',
    description: 'Convide sua equipe como administradores ou usuários e controle quem pode alterar os dados.',
  },
  {
    icon: <AssessmentIcon />,
    title: 'Relatórios em PDF e Excel',
    description: 'Resumo financeiro, fluxo de caixa, despesas e DRE prontos para compartilhar com sócios e contador.',
  },
  {
    icon: <SwapVertIcon />,
    title: 'Fluxo de Caixa',
    description: 'Acompanhe entradas e saídas por período e antecipe saldos negativos antes que aconteçam.',
  },
];

export const Features = () => (
  <Section
    id="features"
    title="Tudo o que sua empresa precisa para crescer"
    subtitle="Recursos pensados para a rotina financeira de empresas brasileiras"
  >
    <Grid container spacing={3}>
      {features.map(({ icon, title, description }) => (
        <Grid key={title} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }}>
            <CardContent sx={{ p: 3 }}>
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: '10px',
                  display: 'grid',
                  placeItems: 'center',
                  mb: 2,
                  color: 'primary.main',
                  bgcolor: 'rgba(79, 70, 229, 0.1)',
                }}
              >
                {icon}
              </Box>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {description}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  </Section>
);
