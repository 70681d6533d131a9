// /confirm-email#token=…: the page the link sent to a new email address opens. Nothing changes until
// the person presses the button (a mail scanner that opens links does not spend it). The token
// travels in the fragment, so it never reaches a server log or a Referer header.
import { Button } from '@mui/material';
import { useState } from 'react';
import { Form, useTranslate } from 'ra-core';
import { apiJson, errorMessage } from '../providers/httpClient';
import { hasSignedInHint } from '../providers/signedInHint';
import { AuthPage, SubmitButton } from './AuthPage';

const tokenFromAddress = (): string => {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
};

export const ConfirmEmail = () => {
  const translate = useTranslate();
  const [token] = useState(tokenFromAddress);
  const [error, setError] = useState<string | undefined>(() => (token ? undefined : translate('fluxo.auth.confirmEmail.missingToken')));
  const [notice, setNotice] = useState<string>();

  const submit = async () => {
    setError(undefined);
    try {
      const answer = await apiJson<{ message: string }>('auth/confirm-email', { method: 'POST', body: { token } });
      setNotice(answer.message);
    } catch (failure) {
      setError(errorMessage(failure, translate('fluxo.errors.unexpected')));
    }
  };

  return (
    <AuthPage messages="fluxo.auth.confirmEmail" linkTo="/" error={error} notice={notice} forSignedIn>
      {notice ? (
        // A page load: a signed-in app shows the new email, a signed-out visitor signs in with it.
        <Button variant="contained" size="large" fullWidth onClick={() => window.location.assign(hasSignedInHint() ? '/profile' : '/login')}>
          {translate('fluxo.auth.confirmEmail.continue')}
        </Button>
      ) : token ? (
        <Form onSubmit={submit} noValidate>
          <SubmitButton label="fluxo.auth.confirmEmail.submit" />
        </Form>
      ) : null}
    </AuthPage>
  );
};
