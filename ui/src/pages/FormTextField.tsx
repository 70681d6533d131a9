// A text field of the sign-in pages' forms: react-admin's form state and validation (ra-core), drawn
// with MUI's TextField. The public pages use it instead of react-admin's TextInput so that a first
// visit to /login does not download react-admin's whole component library.
import { TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { FieldTitle, useInput, ValidationError, type Validator } from 'ra-core';

type FormTextFieldProps = {
  source: string;
  /** i18n key of the label. */
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  validate?: Validator | Validator[];
  helperText?: ReactNode;
  parse?: (value: string) => string;
};

export const FormTextField = ({ source, label, type = 'text', autoComplete, autoFocus, validate, helperText, parse }: FormTextFieldProps) => {
  const { id, field, fieldState, isRequired } = useInput({ source, validate, parse });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={id}
      type={type}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      error={Boolean(error)}
      helperText={error ? <ValidationError error={error} /> : helperText}
    />
  );
};
