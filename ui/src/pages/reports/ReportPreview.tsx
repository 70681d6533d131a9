// The preview panel: the selected report's tables with the real figures (the same as the file's).
import { Box, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatCurrency, formatDate } from '../../lib/format';
import type { ReportPreviewData } from './types';

type Kind = ReportPreviewData['tables'][number]['columns'][number]['kind'];

/** A number the API sent as a number or a numeric string; null for a word such as 'n/d' (no comparable base). */
const numeric = (value: string | number): number | null => {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) ? number : null;
};

export const cellText = (value: string | number | null, kind: Kind): string => {
  if (value === null) return '';
  const number = numeric(value);
  switch (kind) {
    case 'money': return number === null ? String(value) : formatCurrency(value);
    case 'percent': return number === null ? String(value) : `${number.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
    case 'integer': return number === null ? String(value) : number.toLocaleString('pt-BR');
    case 'date': return formatDate(String(value));
    case 'text': return String(value);
  }
};

export const ReportPreview = ({ preview, isPending }: { preview: ReportPreviewData | undefined; isPending: boolean }) => {
  if (isPending || !preview) return <Box>{[0, 1, 2, 3].map((i) => <Skeleton key={i} height={40} />)}</Box>;
  return (
    <Box>
      {preview.tables.map((table) => (
        <Box key={table.title} component="section" aria-label={table.title} sx={{ mb: 3 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>{table.title}</Typography>
          {table.rows.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>Sem lançamentos no período.</Typography>
          ) : (
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {table.columns.map((c) => <TableCell key={c.header} align={c.kind === 'text' ? 'left' : 'right'} sx={{ fontWeight: 600 }}>{c.header}</TableCell>)}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {table.rows.map((row, r) => (
                    <TableRow key={r} sx={row.emphasis === 'result' ? { bgcolor: 'action.hover' } : undefined}>
                      {row.cells.map((value, i) => (
                        <TableCell
                          key={i}
                          align={table.columns[i].kind === 'text' ? 'left' : 'right'}
                          sx={{ fontWeight: row.emphasis ? 600 : undefined, pl: i === 0 && row.indent ? 4 : undefined }}
                        >
                          {cellText(value, table.columns[i].kind)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                  {table.total && (
                    <TableRow sx={{ bgcolor: 'action.selected' }}>
                      {table.total.map((value, i) => (
                        <TableCell key={i} align={table.columns[i].kind === 'text' ? 'left' : 'right'} sx={{ fontWeight: 700 }}>
                          {cellText(value, i === 0 ? 'text' : table.columns[i].kind)}
                        </TableCell>
                      ))}
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {table.note && <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>{table.note}</Typography>}
        </Box>
      ))}
    </Box>
  );
};
