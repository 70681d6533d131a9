// The expense dialog's receipt: pick a JPG, PNG or PDF, keep it as an inline data string for the
// API, analyze it on the server and offer to apply what was read (spec §4's analyzing state).
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatCurrency, formatDate } from '../../lib/format';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { AttachmentViewerDialog, type ViewedAttachment } from './AttachmentViewerDialog';
import { ACCEPTED_ATTACHMENTS, isSupportedFile, MAX_ATTACHMENT_BYTES, UNSUPPORTED_FILE_TYPE } from './choices';

export interface ExtractedData {
  description: string | null;
  amount: string | null;
  date: string | null;
  category: string | null;
  vendor: string | null;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export const AttachmentInput = ({ categoryName, isCategory }: { categoryName: (slug: string) => string; isCategory: (slug: string) => boolean }) => {
  const { setValue } = useFormContext();
  const [url, name, type] = useWatch({ name: ['attachmentUrl', 'attachmentName', 'attachmentType'] }) as [string | null, string | null, string | null];
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const [problem, setProblem] = useState<string | null>(null);
  const [analyzing, setAnalyzing] = useState(false);
  const [extracted, setExtracted] = useState<{ data: ExtractedData; notice?: string } | null>(null);
  const [viewing, setViewing] = useState<ViewedAttachment | null>(null);

  const set = (field: string, value: unknown) => setValue(field, value, { shouldDirty: true, shouldValidate: true });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setExtracted(null);
    if (!isSupportedFile(file)) return setProblem(UNSUPPORTED_FILE_TYPE);
    if (file.size > MAX_ATTACHMENT_BYTES) return setProblem('O arquivo excede o limite de 10 MB. Envie um arquivo menor.');
    setProblem(null);
    const dataUrl = await readAsDataUrl(file);
    set('attachmentUrl', dataUrl);
    set('attachmentName', file.name);
    set('attachmentType', file.type === 'image/jpg' ? 'image/jpeg' : file.type);
    setAnalyzing(true);
    try {
      const result = await dataProvider.call<{ extractedData: ExtractedData; notice?: string }>('documents/analyze', {
        method: 'POST',
        body: { base64Data: dataUrl.slice(dataUrl.indexOf(',') + 1), mimeType: file.type, fileName: file.name },
      });
      setExtracted({ data: result.extractedData, notice: result.notice });
    } catch (error) {
      // Spec §8: a failed analysis is only logged; the attachment stays.
      console.error('Falha ao analisar o documento', error);
    } finally {
      setAnalyzing(false);
    }
  };

  const apply = () => {
    if (!extracted) return;
    const { description, vendor, amount, date, category } = extracted.data;
    if (description || vendor) set('description', description ?? vendor);
    if (amount) set('amount', Number(amount));
    if (date) set('date', date);
    if (category && isCategory(category)) set('category', category);
    setExtracted(null);
  };

  const remove = () => {
    set('attachmentUrl', null);
    set('attachmentName', null);
    set('attachmentType', null);
    setExtracted(null);
  };

  const found = extracted && Object.values(extracted.data).some((value) => value);
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
          {url ? 'Trocar comprovante' : 'Anexar comprovante'}
          <input hidden type="file" accept={ACCEPTED_ATTACHMENTS} aria-label="Comprovante (JPG, PNG ou PDF)" onChange={choose} />
        </Button>
        {url && (
          <>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>{name ?? 'Anexo'}</Typography>
            <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setViewing({ url, name, type })}>Visualizar</Button>
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={remove}>Remover</Button>
          </>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">JPG, PNG ou PDF, até 10 MB.</Typography>
      {problem && <Alert severity="error" sx={{ mt: 1 }} onClose={() => setProblem(null)}>{problem}</Alert>}
      {analyzing && (
        <Alert severity="info" icon={<CircularProgress size={18} />} sx={{ mt: 1 }}>Analisando documento...</Alert>
      )}
      {extracted && (
        <Paper variant="outlined" sx={{ mt: 1, p: 1.5 }}>
          <Typography variant="subtitle2" gutterBottom>Dados extraídos do documento</Typography>
          {extracted.notice && <Alert severity="warning" sx={{ mb: 1 }}>{extracted.notice}</Alert>}
          {found && (
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
              {extracted.data.description && <><dt>Descrição</dt><dd>{extracted.data.description}</dd></>}
              {extracted.data.amount && <><dt>Valor</dt><dd>{formatCurrency(extracted.data.amount)}</dd></>}
              {extracted.data.date && <><dt>Data</dt><dd>{formatDate(extracted.data.date)}</dd></>}
              {extracted.data.category && <><dt>Categoria</dt><dd>{categoryName(extracted.data.category)}</dd></>}
              {extracted.data.vendor && <><dt>Fornecedor</dt><dd>{extracted.data.vendor}</dd></>}
            </Box>
          )}
          {found && <Button sx={{ mt: 1 }} variant="contained" size="small" startIcon={<AutoFixHighIcon />} onClick={apply}>Aplicar dados extraídos</Button>}
        </Paper>
      )}
      <AttachmentViewerDialog attachment={viewing} onClose={() => setViewing(null)} />
    </Box>
  );
};
