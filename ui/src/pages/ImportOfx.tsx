// Importar Extrato OFX (/import-ofx): pick a .ofx file, import it, see the result card. The file is
// read as bytes and decoded by its own charset here, so a Windows-1252 statement's accents arrive intact.
// The import runs as a background job on the server (Prefer: respond-async): the screen polls its
// progress, shows a progress bar, then the result card.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Divider, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { formatCurrency, formatDate } from '../lib/format';
import { decodeOfxFile, isOfxFileName } from '../lib/ofxText';
import { toast } from '../lib/toast';
import { canEditData } from '../providers/authProvider';
import type { FluxoDataProvider } from '../providers/dataProvider';
import { errorMessage } from '../providers/httpClient';
import { useCurrentUser } from '../providers/useCurrentUser';

export interface OfxImportResult {
  success: boolean;
  message: string;
  summary: {
    accountInfo: { bankId: string | null; accountId: string; accountType: string | null; balance: string | null };
    totalTransactions: number;
    importedCount: number;
    skippedCount: number;
    dateRange: { start: string | null; end: string | null };
  };
}

/** The server's answer for an import running in the background (202), and each poll of it. */
export interface OfxImportJob extends Partial<OfxImportResult> {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  error: string | null;
}

const POLL_MS = 400;

/** The job ended in failure: its message is the server's pt-BR one. */
class ImportJobFailed extends Error {}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const accountTypeLabels: Record<string, string> = {
  CHECKING: 'Conta Corrente',
  SAVINGS: 'Poupança',
  MONEYMRKT: 'Aplicação',
  CREDITLINE: 'Conta Garantida',
  CREDITCARD: 'Cartão de Crédito',
  INVESTMENT: 'Investimentos',
};

/** What the import changes: the lists and totals built on transactions, expenses and revenues. */
const refreshedAfterImport = ['transactions', 'expenses', 'revenues', 'imported-transactions', 'financial', 'charts', 'dashboard', 'budgets'];

const Info = ({ label, value }: { label: string; value: string }) => (
  <Box>
    <Typography variant="body2" color="text.secondary">{label}</Typography>
    <Typography variant="body1" sx={{ fontWeight: 600 }}>{value}</Typography>
  </Box>
);

const ResultCard = ({ result }: { result: OfxImportResult }) => {
  const { accountInfo, dateRange } = result.summary;
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const banks = useQuery({ queryKey: ['banks', 'supported'], queryFn: ({ signal }) => dataProvider.call<{ name: string; code: string }[]>('banks/supported', { signal }) });
  const code = accountInfo.bankId && /^\d+$/.test(accountInfo.bankId) ? accountInfo.bankId.replace(/^0+/, '').padStart(3, '0') : accountInfo.bankId;
  const bankName = banks.data?.find((bank) => bank.code === code)?.name;
  const period = dateRange.start && dateRange.end ? `${formatDate(dateRange.start)} a ${formatDate(dateRange.end)}` : '—';
  return (
    <Card variant="outlined" aria-label="Resultado da importação">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <CheckCircleIcon color="success" />
          <Typography variant="h6" component="h2">Resultado da Importação</Typography>
        </Stack>
        <Typography variant="body2" sx={{ mb: 2 }}>{result.message}</Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>Informações da Conta</Typography>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Banco" value={accountInfo.bankId ? (bankName ? `${code} — ${bankName}` : accountInfo.bankId) : '—'} /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Conta" value={accountInfo.accountId} /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Tipo" value={accountInfo.accountType ? (accountTypeLabels[accountInfo.accountType] ?? accountInfo.accountType) : '—'} /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Saldo" value={accountInfo.balance === null ? '—' : formatCurrency(accountInfo.balance)} /></Grid>
        </Grid>
        <Divider sx={{ mb: 2 }} />
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>Resumo</Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Total de Transações" value={String(result.summary.totalTransactions)} /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Importadas" value={String(result.summary.importedCount)} /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Ignoradas (duplicadas)" value={String(result.summary.skippedCount)} /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Info label="Período" value={period} /></Grid>
        </Grid>
      </CardContent>
    </Card>
  );
};

const ImportProgress = ({ job }: { job: Pick<OfxImportJob, 'processed' | 'total'> }) => {
  const percent = job.total > 0 ? Math.min(100, Math.round((job.processed / job.total) * 100)) : 0;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>Importando transações…</Typography>
        <LinearProgress variant={job.total > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label="Progresso da importação" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {job.processed.toLocaleString('pt-BR')} de {job.total.toLocaleString('pt-BR')} transações processadas ({percent}%)
        </Typography>
      </CardContent>
    </Card>
  );
};

const AccessDenied = () => (
  <Card variant="outlined" sx={{ maxWidth: 520, mx: 'auto', mt: 6, textAlign: 'center' }}>
    <CardContent>
      <LockIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h2">Acesso Negado</Typography>
      <Typography variant="body2" color="text.secondary">Você não tem permissão para importar extratos.</Typography>
    </CardContent>
  </Card>
);

const ImportOfx = () => {
  const { user, isPending } = useCurrentUser();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [result, setResult] = useState<OfxImportResult | null>(null);
  const [progress, setProgress] = useState<Pick<OfxImportJob, 'processed' | 'total'> | null>(null);

  /** Starts the import as a background job and follows it to its result (an error if it fails). */
  const runImport = async (ofxContent: string): Promise<OfxImportResult> => {
    let answer = await dataProvider.call<OfxImportJob | OfxImportResult>('import/ofx', {
      method: 'POST', headers: { Prefer: 'respond-async' }, body: { ofxContent, importOptions: { skipDuplicates: true, autoCategorize: true } },
    });
    while ('jobId' in answer && answer.status === 'running') {
      setProgress({ processed: answer.processed, total: answer.total });
      await pause(POLL_MS);
      answer = await dataProvider.call<OfxImportJob>(`import/ofx/jobs/${answer.jobId}`);
    }
    if ('jobId' in answer) {
      if (answer.status === 'failed' || !answer.summary) throw new ImportJobFailed(answer.error ?? 'Erro ao processar arquivo OFX');
      return { success: answer.success ?? true, message: answer.message ?? '', summary: answer.summary };
    }
    return answer;
  };

  const importFile = useMutation({
    mutationFn: async (ofxContent: string) => {
      try {
        return await runImport(ofxContent);
      } finally {
        setProgress(null);
      }
    },
    onSuccess: (answer) => {
      setResult(answer);
      notify(...toast('Importação Concluída', answer.message));
      for (const key of refreshedAfterImport) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => notify(...toast('Erro na Importação', error instanceof ImportJobFailed ? error.message : errorMessage(error, 'Erro ao processar arquivo OFX'), 'error')),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setResult(null);
    if (!isOfxFileName(chosen.name)) {
      setFile(null);
      notify(...toast('Arquivo Inválido', 'Por favor, selecione um arquivo OFX válido', 'error'));
      return;
    }
    try {
      setFile({ name: chosen.name, content: decodeOfxFile(new Uint8Array(await chosen.arrayBuffer())) });
    } catch {
      setFile(null);
      notify(...toast('Erro ao Ler Arquivo', 'Não foi possível ler o conteúdo do arquivo OFX', 'error'));
    }
  };

  if (isPending) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress /></Box>;
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Importar Extrato OFX" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Importar Extrato OFX</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Importe o extrato do seu banco: as transações novas viram despesas e receitas, e as já importadas são ignoradas.
      </Typography>
      {!canEditData(user?.role) ? <AccessDenied /> : (
        <Stack spacing={3}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>Selecionar Arquivo</Typography>
              <input ref={input} type="file" accept=".ofx" hidden onChange={choose} aria-label="Arquivo OFX" data-testid="ofx-file-input" />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>Escolher arquivo</Button>
                <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>{file ? file.name : 'Nenhum arquivo selecionado'}</Typography>
              </Stack>
              <Alert severity="info" sx={{ mt: 2 }}>
                Formato aceito: .ofx (até 5 MB). Transações duplicadas são ignoradas e as categorias são atribuídas automaticamente.
              </Alert>
              <Button variant="contained" sx={{ mt: 2 }} disabled={!file || importFile.isPending} onClick={() => file && importFile.mutate(file.content)}
                startIcon={importFile.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}>
                {importFile.isPending ? 'Importando…' : 'Importar Extrato'}
              </Button>
            </CardContent>
          </Card>
          {importFile.isPending && progress && <ImportProgress job={progress} />}
          {result && <ResultCard result={result} />}
        </Stack>
      )}
    </Box>
  );
};

export default ImportOfx;
