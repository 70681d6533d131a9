// /forgot-password ('Esqueci minha senha'): asks for a reset link by email. The server answers the
// same whether or not the email has an account, and so does this page.
import { useState } from 'react';
import { email, Form, required, useTranslate } from 'ra-core';
import { apiJson, errorMessage } from '../providers/httpClient';
import { AuthPage, SubmitButton } from './AuthPage';
import { FormTextField } from './FormTextField';

export const ForgotPassword = () => {
  const translate = useTranslate();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const submit = async (values: { email?: string }) => {
    setError(undefined);
    setNotice(undefined);
    try {
      const answer = await apiJson<{ message: string }>('auth/forgot-password', { method: 'POST', body: { email: values.email } });
      setNotice(answer.message);
    } catch (failure) {
      setError(errorMessage(failure, translate('fluxo.errors.unexpected')));
    }
  };

  return (
    <AuthPage messages="fluxo.auth.forgot" linkTo="/login" error={error} notice={notice}>
      <Form onSubmit={submit} noValidate>
        <FormTextField source="email" type="email" label="fluxo.auth.email" autoComplete="email" autoFocus validate={[required(), email()]} />
        <SubmitButton label="fluxo.auth.forgot.submit" />
      </Form>
    </AuthPage>
  );
};
