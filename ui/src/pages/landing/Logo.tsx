// Fluxo's wordmark, linking home.
import WaterfallChartIcon from '@mui/icons-material/WaterfallChart';
import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export const Logo = ({ to = '/', light = false }: { to?: string; light?: boolean }) => (
  <Box
    component={RouterLink}
    to={to}
    aria-label="Fluxo"
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: light ? 'common.white' : 'text.primary' }}
  >
    <Box
      sx={{
        width: 36,
        height: 36,
        borderRadius: '10px',
        display: 'grid',
        placeItems: 'center',
        color: 'common.white',
        background: 'linear-gradient(135deg, #4f46e5, #06b6d4)',
      }}
    >
      <WaterfallChartIcon fontSize="small" />
    </Box>
    <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
      Fluxo
    </Typography>
  </Box>
);
