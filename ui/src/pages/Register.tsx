// /register (spec §2, §5): the first user and their organization; the slug follows the organization
// name until the user edits it. The server's message appears above the form.
import { useEffect, useState } from 'react';
import { email, Form, minLength, regex, required, useTranslate } from 'ra-core';
import { useFormContext, useWatch } from 'react-hook-form';
import { SLUG_PATTERN, slugify } from '../lib/slug';
import { register, type Registration } from '../providers/authProvider';
import { enterSignedInApp } from '../providers/signedInHint';
import { errorMessage } from '../providers/httpClient';
import { PASSWORD_RULE } from '../resources/users/passwordRules';
import { AuthPage, SubmitButton } from './AuthPage';
import { FormTextField } from './FormTextField';

/** Keeps organizationSlug derived from organizationName while the user has not typed a slug of their own. */
const SlugFromOrganizationName = () => {
  const organizationName: string | undefined = useWatch({ name: 'organizationName' });
  const { getFieldState, setValue } = useFormContext();
  useEffect(() => {
    const slug = getFieldState('organizationSlug');
    if (!slug.isDirty) setValue('organizationSlug', slugify(organizationName ?? ''), { shouldValidate: slug.invalid });
  }, [organizationName, getFieldState, setValue]);
  return null;
};

const lowercase = (value: string) => value.toLowerCase();

export const Register = () => {
  const translate = useTranslate();
  const [error, setError] = useState<string>();
  const slugHint = translate('fluxo.auth.slugHint');

  const submit = async (values: Partial<Registration>) => {
    setError(undefined);
    try {
      await register(values as Registration);
      enterSignedInApp('/');
    } catch (failure) {
      setError(errorMessage(failure, translate('fluxo.errors.unexpected')));
    }
  };

  return (
    <AuthPage messages="fluxo.auth.register" linkTo="/login" error={error}>
      <Form onSubmit={submit} noValidate defaultValues={{ organizationSlug: '' }}>
        <FormTextField source="username" label="fluxo.auth.username" autoComplete="username" autoFocus validate={required()} />
        <FormTextField source="email" type="email" label="fluxo.auth.email" autoComplete="email" validate={[required(), email()]} />
        <FormTextField
          source="password"
          type="password"
          label="fluxo.auth.password"
          autoComplete="new-password"
          helperText={PASSWORD_RULE}
          validate={[required(), minLength(6, 'fluxo.auth.passwordTooShort')]}
        />
        <FormTextField source="organizationName" label="fluxo.auth.organizationName" autoComplete="organization" validate={required()} />
        <FormTextField
          source="organizationSlug"
          label="fluxo.auth.organizationSlug"
          helperText={slugHint}
          parse={lowercase}
          validate={[required(), regex(SLUG_PATTERN, slugHint)]}
        />
        <SlugFromOrganizationName />
        <SubmitButton label="fluxo.auth.register.submit" />
      </Form>
    </AuthPage>
  );
};
