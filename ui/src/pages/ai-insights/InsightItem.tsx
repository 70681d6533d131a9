// One insight as a card: an icon for its type, the title, type and priority chips, the content with
// the numbers behind it, and when it was found.
import AutoGraphIcon from '@mui/icons-material/AutoGraph';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import TipsAndUpdatesIcon from '@mui/icons-material/TipsAndUpdates';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { formatDateTime } from '../../lib/format';
import type { Insight } from '../dashboard/api';
import { insightTypeLabels, priorityLabels } from '../dashboard/labels';

const icons = {
  opportunity: <LightbulbIcon sx={{ color: 'success.main' }} />,
  trend: <AutoGraphIcon sx={{ color: 'info.main' }} />,
  warning: <ReportProblemIcon sx={{ color: 'error.main' }} />,
  recommendation: <TipsAndUpdatesIcon sx={{ color: 'primary.main' }} />,
} as const;

const priorityColor = { high: 'error', medium: 'warning', low: 'default' } as const;

export const InsightItem = ({ insight }: { insight: Insight }) => (
  <Card
    variant="outlined"
    component="article"
    aria-label={insight.title}
    sx={{ borderLeft: 4, borderLeftColor: insight.priority === 'high' ? 'error.main' : insight.priority === 'medium' ? 'warning.main' : 'divider' }}
  >
    <CardContent sx={{ display: 'flex', gap: 2 }}>
      <Box sx={{ pt: 0.25 }}>{icons[insight.type]}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{insight.title}</Typography>
          <Chip size="small" variant="outlined" label={insightTypeLabels[insight.type] ?? insight.type} />
          <Chip size="small" color={priorityColor[insight.priority]} label={`Prioridade ${(priorityLabels[insight.priority] ?? insight.priority).toLowerCase()}`} />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>{insight.content}</Typography>
        <Typography variant="caption" sx={{ color: 'text.disabled', display: 'block', mt: 1 }}>Gerado em {formatDateTime(insight.createdAt)}</Typography>
      </Box>
    </CardContent>
  </Card>
);
