// The dashboard's shell (title and an honest empty state); its metrics, charts and cards come later.
import InsightsIcon from '@mui/icons-material/Insights';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

const Dashboard = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="fluxo.dashboard.title" />
      <Card>
        <CardContent sx={{ py: 6, textAlign: 'center' }}>
          <InsightsIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('fluxo.dashboard.emptyTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 480, mx: 'auto' }}>
            {translate('fluxo.dashboard.emptyMessage')}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
};

export default Dashboard;
