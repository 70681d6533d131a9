// An event's data (or a record's state) as a readable list of labelled values — never raw JSON.
import { Box, Typography } from '@mui/material';
import { readableFields } from './labels';

export const EventFields = ({ data, highlight }: { data: Record<string, unknown> | null | undefined; highlight?: Set<string> }) => {
  const fields = readableFields(data);
  if (fields.length === 0) return null;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {fields.map((f) => (
        <Box key={f.field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{f.label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', fontWeight: highlight?.has(f.field) ? 600 : 400 }}>
            {f.value}
            {highlight?.has(f.field) && <Typography component="span" variant="caption" color="primary" sx={{ ml: 1 }}>(alterado)</Typography>}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
