// /reset-password#token=…: the page the reset link opens. The token travels in the fragment, so it
// never reaches a server log or a Referer header, and leaves the address bar once read.
import { Button } from '@mui/material';
import { useState } from 'react';
import { Form, required, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { apiJson, errorMessage } from '../providers/httpClient';
import { PASSWORD_RULE } from '../resources/users/passwordRules';
import { AuthPage, SubmitButton } from './AuthPage';
import { FormTextField } from './FormTextField';

const tokenFromAddress = (): string => {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
};

type Values = { newPassword?: string; confirmPassword?: string };

export const ResetPassword = () => {
  const translate = useTranslate();
  const [token] = useState(tokenFromAddress);
  const [error, setError] = useState<string | undefined>(() => (token ? undefined : translate('fluxo.auth.reset.missingToken')));
  const [notice, setNotice] = useState<string>();

  const validate = (values: Values) =>
    values.newPassword && values.confirmPassword !== values.newPassword ? { confirmPassword: translate('fluxo.auth.reset.mismatch') } : {};

  const submit = async (values: Values) => {
    setError(undefined);
    try {
      const answer = await apiJson<{ message: string }>('auth/reset-password', { method: 'POST', body: { token, newPassword: values.newPassword } });
      setNotice(answer.message);
    } catch (failure) {
      setError(errorMessage(failure, translate('fluxo.errors.unexpected')));
    }
  };

  return (
    <AuthPage messages="fluxo.auth.reset" linkTo="/login" error={error} notice={notice}>
      {notice ? (
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          {translate('fluxo.auth.reset.goToLogin')}
        </Button>
      ) : token ? (
        <Form onSubmit={submit} validate={validate} noValidate>
          <FormTextField
            source="newPassword"
            type="password"
            label="fluxo.auth.reset.newPassword"
            autoComplete="new-password"
            autoFocus
            helperText={PASSWORD_RULE}
            validate={required()}
          />
          <FormTextField source="confirmPassword" type="password" label="fluxo.auth.reset.confirmPassword" autoComplete="new-password" validate={required()} />
          <SubmitButton label="fluxo.auth.reset.submit" />
        </Form>
      ) : null}
    </AuthPage>
  );
};
