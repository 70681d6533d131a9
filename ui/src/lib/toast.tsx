// A toast with a title and an optional description line, as the spec words its messages
// ('Usuário criado' / 'O usuário foi criado com sucesso.'): `notify(...toast(title, description, type))`.
// react-admin shows a custom element without the snackbar's own background, so the toast brings
// its own: a filled MUI Alert in the colour of its type, readable on any page.
import { Alert, AlertTitle, Box } from '@mui/material';
import type { ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export const toast = (title: string, description?: string, type: ToastType = 'success'): [ReactNode, { type: ToastType }] => [
  <Alert severity={type} variant="filled" elevation={6} role={type === 'error' ? 'alert' : 'status'} data-testid="toast"
    sx={{ minWidth: { xs: 'calc(100vw - 32px)', sm: 320 }, maxWidth: { xs: 'calc(100vw - 32px)', sm: 480 } }}>
    <AlertTitle sx={{ mb: description ? 0.25 : 0, fontWeight: 600 }}>{title}</AlertTitle>
    {description && <Box component="div">{description}</Box>}
  </Alert>,
  { type },
];
