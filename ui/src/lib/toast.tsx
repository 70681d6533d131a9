// A toast with a title and an optional description line, as the spec words its messages
// ('Usuário criado' / 'O usuário foi criado com sucesso.'): `notify(...toast(title, description, type))`.
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export const toast = (title: string, description?: string, type: ToastType = 'success'): [ReactNode, { type: ToastType }] => [
  <Box>
    <Typography variant="subtitle2" component="p">{title}</Typography>
    {description && <Typography variant="body2">{description}</Typography>}
  </Box>,
  { type },
];
