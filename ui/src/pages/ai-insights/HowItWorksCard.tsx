// The explanatory card: what the analysis looks at, and that every insight carries its numbers.
import PsychologyIcon from '@mui/icons-material/Psychology';
import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';

const checks = [
  'Gastos de cada categoria comparados com o próprio histórico (mediana e variação típica), não com um limite fixo',
  'Tendências de receitas e despesas nos últimos meses',
  'Orçamentos que devem estourar antes do fim do período',
  'Projeção do fluxo de caixa dos próximos 3 meses',
  'Receitas pendentes em atraso e concentração de receita em uma única categoria',
  'Custos recorrentes que valem uma renegociação e sobra de caixa frente às metas e investimentos',
];

export const HowItWorksCard = () => (
  <Card variant="outlined" sx={{ mt: 3, bgcolor: 'action.hover' }} aria-label="Como funcionam os Insights IA">
    <CardContent>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <PsychologyIcon color="primary" />
        <Typography variant="h6" component="h2">Como funcionam os Insights IA</Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        A análise lê as receitas, despesas, orçamentos, metas e investimentos da sua organização e explica cada conclusão com os
        números que a justificam. Os mesmos dados geram sempre os mesmos insights.
      </Typography>
      <List dense>
        {checks.map((check) => (
          <ListItem key={check} disableGutters sx={{ py: 0 }}>
            <ListItemText primary={`• ${check}`} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <strong>Gerar Insights IA</strong> refaz a análise completa e substitui os insights atuais. <strong>Análise Automática</strong> procura
        apenas padrões de risco e mostra os alertas novos; os de prioridade alta também chegam como notificação.
      </Typography>
    </CardContent>
  </Card>
);
