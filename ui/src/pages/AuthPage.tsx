// The frame of the login, register, password-reset and email-confirmation pages: brand, title, the server's error above the form, and a
// link to the other page. A visitor this page already knows to be signed in is sent to the app; the
// API is not asked (a signed-out visitor would get a 401 from /api/auth/me in the console).
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useTranslate } from 'ra-core';
import { useFormState } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { knownSession } from '../providers/authProvider';
import { Logo } from './landing/Logo';

interface AuthPageProps {
  /** i18n prefix of the page's texts: `<prefix>.title`, `.subtitle`, `.question`, `.link`. */
  messages: 'fluxo.auth.login' | 'fluxo.auth.register' | 'fluxo.auth.forgot' | 'fluxo.auth.reset' | 'fluxo.auth.confirmEmail';
  /** Where the link under the form leads (the other auth page). */
  linkTo: string;
  /** The server's message for the last failed attempt. */
  error?: string;
  /** The server's message for the last successful one. */
  notice?: string;
  children: ReactNode;
  /** A page for signed-in visitors too (an email confirmation link opened in the same browser). */
  forSignedIn?: boolean;
}

export const AuthPage = ({ messages, linkTo, error, notice, children, forSignedIn = false }: AuthPageProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();

  useEffect(() => {
    if (!forSignedIn && knownSession()) navigate('/', { replace: true });
  }, [navigate, forSignedIn]);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: 'linear-gradient(135deg, #eef2ff 0%, #f8fafc 60%, #ecfeff 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <Logo to="/landing" />
        </Box>
        <Card elevation={3}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {translate(`${messages}.title`)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
              {translate(`${messages}.subtitle`)}
            </Typography>
            {error && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            {notice && (
              <Alert severity="success" role="status" sx={{ mb: 2 }}>
                {notice}
              </Alert>
            )}
            {children}
            <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
              {translate(`${messages}.question`)}{' '}
              <Link component={RouterLink} to={linkTo} sx={{ fontWeight: 600 }}>
                {translate(`${messages}.link`)}
              </Link>
            </Typography>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
};

/** The form's submit button; shows a spinner and is disabled while the request is on its way. */
export const SubmitButton = ({ label }: { label: string }) => {
  const { isSubmitting } = useFormState();
  const translate = useTranslate();
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting} sx={{ mt: 1 }}>
      {isSubmitting ? <CircularProgress size={24} color="inherit" /> : translate(label)}
    </Button>
  );
};
