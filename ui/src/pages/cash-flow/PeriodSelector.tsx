// The cash-flow period selector (spec §2, §5): last 3 months, 6 months (default), last year, or a
// custom period chosen in a dialog that opens by itself; both dates are required and the start must
// come before the end, else 'Aplicar' stays disabled; 'Cancelar' goes back to 6 months.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { formatDate } from '../../lib/format';

export type CashFlowPreset = '3months' | '6months' | '1year' | 'custom';
export type CashFlowPeriod = { preset: CashFlowPreset; startDate: string; endDate: string };

export const DEFAULT_PERIOD: CashFlowPeriod = { preset: '6months', startDate: '', endDate: '' };

export const presetLabels: Record<CashFlowPreset, string> = {
  '3months': 'Últimos 3 meses',
  '6months': 'Últimos 6 meses',
  '1year': 'Último ano',
  custom: 'Período personalizado',
};

/** Spec §5: both dates, and the start strictly before the end. */
export const isValidCustomPeriod = (startDate: string, endDate: string): boolean => startDate !== '' && endDate !== '' && startDate < endDate;

/** What the API takes for the selected period. */
export const periodParams = (period: CashFlowPeriod) =>
  period.preset === 'custom' ? { startDate: period.startDate, endDate: period.endDate } : { period: period.preset };

export const describePeriod = (period: CashFlowPeriod): string =>
  period.preset === 'custom' ? `${formatDate(period.startDate)} a ${formatDate(period.endDate)}` : presetLabels[period.preset];

export const CustomPeriodDialog = ({ open, initial, onApply, onCancel }: {
  open: boolean; initial: { startDate: string; endDate: string }; onApply: (range: { startDate: string; endDate: string }) => void; onCancel: () => void;
}) => {
  const [startDate, setStartDate] = useState(initial.startDate);
  const [endDate, setEndDate] = useState(initial.endDate);
  const valid = isValidCustomPeriod(startDate, endDate);
  const inverted = startDate !== '' && endDate !== '' && !valid;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="custom-period-title" fullWidth maxWidth="xs">
      <DialogTitle id="custom-period-title">Período personalizado</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField type="date" label="Data inicial" value={startDate} onChange={(e) => setStartDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
          <TextField
            type="date" label="Data final" value={endDate} onChange={(e) => setEndDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required
            error={inverted} helperText={inverted ? 'A data inicial deve ser anterior à data final' : ' '}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onApply({ startDate, endDate })}>Aplicar</Button>
      </DialogActions>
    </Dialog>
  );
};

export const PeriodSelector = ({ value, onChange }: { value: CashFlowPeriod; onChange: (period: CashFlowPeriod) => void }) => {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <TextField
        select size="small" label="Período" value={value.preset} sx={{ minWidth: 220 }}
        onChange={(event) => {
          const preset = event.target.value as CashFlowPreset;
          if (preset === 'custom') setDialogOpen(true);
          else onChange({ preset, startDate: '', endDate: '' });
        }}
        slotProps={{ select: { renderValue: () => describePeriod(value) } }}
      >
        {(Object.keys(presetLabels) as CashFlowPreset[]).map((preset) => (
          <MenuItem key={preset} value={preset} onClick={preset === 'custom' && value.preset === 'custom' ? () => setDialogOpen(true) : undefined}>
            {presetLabels[preset]}
          </MenuItem>
        ))}
      </TextField>
      {dialogOpen && (
        <CustomPeriodDialog
          open
          initial={{ startDate: value.startDate, endDate: value.endDate }}
          onApply={(range) => {
            setDialogOpen(false);
            onChange({ preset: 'custom', ...range });
          }}
          onCancel={() => {
            setDialogOpen(false);
            onChange(DEFAULT_PERIOD);
          }}
        />
      )}
    </>
  );
};
