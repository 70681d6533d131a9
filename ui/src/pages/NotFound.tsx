// The page for any unknown path, signed in (inside the layout) or signed out (full page), with a way back.
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '70vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      {/* The header's title, as every signed-in screen has (signed out there is no header: nothing shown).
          Without it the header kept an empty, invisible heading. */}
      <Title title="fluxo.notFound.pageTitle" />
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            <ErrorOutlineIcon color="error" />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {translate('fluxo.notFound.title')}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {translate('fluxo.notFound.hint')}
          </Typography>
          {/* '/' is the dashboard when signed in and the landing page otherwise. */}
          <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />}>
            {translate('fluxo.notFound.back')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
