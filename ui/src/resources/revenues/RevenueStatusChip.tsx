// A revenue's status badge; a received revenue is styled apart (filled green), as the spec asks.
import { Chip } from '@mui/material';
import { labelOf } from '../../lib/choices';
import { statusChoices, statusColors, type RevenueStatus } from './choices';

export const RevenueStatusChip = ({ status }: { status: RevenueStatus }) => (
  <Chip size="small" label={labelOf(statusChoices, status)} color={statusColors[status]} variant={status === 'received' ? 'filled' : 'outlined'} />
);
