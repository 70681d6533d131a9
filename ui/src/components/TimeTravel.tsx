// 'Ver como em' (dashboard and reports): a date-time picker that puts the screen in the past, and
// the banner that says so while it is, with the way back to the present.
import HistoryIcon from '@mui/icons-material/History';
import { Alert, AlertTitle, Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { asOfFromWallClock, asOfLabel, saoPauloWallClock, type AsOfState } from '../lib/asOf';

/** The picker: São Paulo date and time, applied with 'Ver'; the present is the default. */
export const AsOfPicker = ({ state }: { state: AsOfState }) => {
  const current = state.instant ? saoPauloWallClock(state.instant) : '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(current), [current]);
  const now = saoPauloWallClock(new Date());
  const apply = () => {
    const asOf = asOfFromWallClock(value);
    if (!asOf) return setError('Informe data e hora válidas');
    if (value >= now) return setError('Escolha um momento no passado');
    setError(null);
    state.setAsOf(asOf);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} component="form" noValidate onSubmit={(e) => { e.preventDefault(); apply(); }}>
      <TextField
        type="datetime-local"
        size="small"
        label="Ver como em"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error !== null}
        helperText={error ?? undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: now, 'aria-label': 'Ver como em' } }}
        sx={{ minWidth: 220 }}
      />
      <Button type="submit" variant="outlined" startIcon={<HistoryIcon />} disabled={!value || value === current}>Ver</Button>
    </Stack>
  );
};

/** Shown while the screen is in the past: what it shows, and 'Voltar ao presente'. */
export const AsOfBanner = ({ state }: { state: AsOfState }) => {
  if (!state.instant) return null;
  return (
    <Alert
      severity="warning"
      icon={<HistoryIcon />}
      role="status"
      data-testid="as-of-banner"
      sx={{ mb: 2 }}
      action={<Button color="inherit" size="small" variant="outlined" onClick={() => state.setAsOf(null)}>Voltar ao presente</Button>}
    >
      <AlertTitle>Você está vendo os dados como estavam em {asOfLabel(state.instant)}</AlertTitle>
      Lançamentos registrados depois desse momento não aparecem, e as edições ficam desativadas até você voltar ao presente.
    </Alert>
  );
};
