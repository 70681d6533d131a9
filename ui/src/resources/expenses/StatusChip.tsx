// An expense's status as a coloured badge: Pendente, Aprovado, Concluído, Rejeitado.
import { Chip } from '@mui/material';
import { labelOf } from '../../lib/choices';
import { statusChoices, statusColors, type ExpenseStatus } from './choices';

export const StatusChip = ({ status }: { status: ExpenseStatus }) => (
  <Chip size="small" label={labelOf(statusChoices, status)} color={statusColors[status]} variant={status === 'completed' ? 'filled' : 'outlined'} />
);
