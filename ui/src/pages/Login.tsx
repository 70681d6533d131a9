// /login (spec §2, §5): email and password; the server's message appears above the form.
import { useState } from 'react';
import { Box, Link } from '@mui/material';
import { email, Form, required, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { authProvider, type Credentials } from '../providers/authProvider';
import { enterSignedInApp } from '../providers/signedInHint';
import { errorMessage } from '../providers/httpClient';
import { AuthPage, SubmitButton } from './AuthPage';
import { FormTextField } from './FormTextField';

export const Login = () => {
  const translate = useTranslate();
  const [error, setError] = useState<string>();

  const submit = async (values: Partial<Credentials>) => {
    setError(undefined);
    try {
      await authProvider.login(values);
      enterSignedInApp('/');
    } catch (failure) {
      setError(errorMessage(failure, translate('fluxo.errors.unexpected')));
    }
  };

  return (
    <AuthPage messages="fluxo.auth.login" linkTo="/register" error={error}>
      <Form onSubmit={submit} noValidate>
        <FormTextField
          source="email"
          type="email"
          label="fluxo.auth.email"
          autoComplete="email"
          autoFocus
          validate={[required(), email()]}
        />
        {/* A plain password field: PasswordInput's 'Mostrar senha' toggle would be a second control labelled 'senha'. */}
        <FormTextField source="password" type="password" label="fluxo.auth.password" autoComplete="current-password" validate={required()} />
        <Box sx={{ textAlign: 'right', mt: -1, mb: 1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">{translate('fluxo.auth.forgotLink')}</Link>
        </Box>
        <SubmitButton label="fluxo.auth.login.submit" />
      </Form>
    </AuthPage>
  );
};
