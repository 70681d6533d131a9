// The one money input: accepts Brazilian typing (1.234,56 / 1234,56 / 1234.56 / 1234), shows R$ and
// thousands dots once the field is left, and gives the form the API's decimal string ('1234.56').
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useInput, type Validator } from 'react-admin';
import { centavosToDecimal, formatAmountInput, parseBrazilianAmount } from '../lib/money';

export const INVALID_AMOUNT = 'Valor inválido: use o formato 1.234,56';

export interface MoneyInputProps {
  source: string;
  label: string;
  /** Required with this message when given. */
  required?: string;
  /** Smallest accepted amount in centavos (1 by default: more than zero); 0 allows zero. */
  minCentavos?: number;
  helperText?: string;
  autoFocus?: boolean;
}

const decimalOf = (text: string): string | null => {
  const centavos = parseBrazilianAmount(text);
  return centavos === null ? null : centavosToDecimal(centavos);
};

export const MoneyInput = ({ source, label, required, minCentavos = 1, helperText, autoFocus }: MoneyInputProps) => {
  // The form holds the decimal string when the text is an amount, the raw text otherwise (so the
  // validator, not a silent guess, speaks).
  const validate: Validator = (value: unknown) => {
    if (value === null || value === undefined || value === '') return required;
    const centavos = parseBrazilianAmount(String(value));
    if (centavos === null) return INVALID_AMOUNT;
    if (centavos < minCentavos) return minCentavos > 0 ? 'O valor deve ser maior que zero' : undefined;
    return undefined;
  };
  const { field, fieldState, isRequired } = useInput({ source, validate, format: (v) => v, parse: (v) => v });
  const [text, setText] = useState(() => formatAmountInput(field.value));
  const [focused, setFocused] = useState(false);

  // A value set from outside (the record loading, extracted document data) replaces the text.
  useEffect(() => {
    if (focused) return;
    const current = decimalOf(text);
    const incoming = field.value === null || field.value === undefined || field.value === '' ? null : decimalOf(String(field.value));
    if (incoming !== current) setText(formatAmountInput(field.value));
  }, [field.value, focused, text]);

  const error = (fieldState.isTouched || fieldState.invalid) && fieldState.error?.message;
  return (
    <TextField
      id={`money-${source}`}
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={text}
      autoFocus={autoFocus}
      fullWidth
      error={Boolean(error)}
      helperText={error || helperText || ' '}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
        // The asterisk only: a native `required` would let the browser block the submit before the
        // form's own pt-BR messages are shown.
        inputLabel: { required: isRequired || Boolean(required) },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
      }}
      onFocus={() => setFocused(true)}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        field.onChange(typed.trim() === '' ? null : decimalOf(typed) ?? typed);
      }}
      onBlur={() => {
        setFocused(false);
        const decimal = decimalOf(text);
        if (decimal !== null) setText(formatAmountInput(decimal));
        field.onBlur();
      }}
    />
  );
};
