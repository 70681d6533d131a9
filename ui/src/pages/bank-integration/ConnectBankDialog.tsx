// 'Conectar Banco': bank (from the supported list), account number and account type are required;
// the connection is open banking with a daily sync (spec §9).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { accountTypeChoices, type BankConnection } from './choices';

const empty = { bankName: '', accountNumber: '', accountType: '', itemId: '' };

export const ConnectBankDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [values, setValues] = useState(empty);
  const banks = useQuery({
    queryKey: ['banks', 'supported'],
    queryFn: ({ signal }) => dataProvider.call<{ name: string; code: string; provider: 'sandbox' | 'pluggy' }[]>('banks/supported', { signal }),
    enabled: open,
  });
  const pluggy = banks.data?.[0]?.provider === 'pluggy';
  const close = () => {
    setValues(empty);
    onClose();
  };
  const connect = useMutation({
    mutationFn: () => dataProvider.call<BankConnection>('bank-connections', {
      method: 'POST',
      body: { bankName: values.bankName, accountNumber: values.accountNumber, accountType: values.accountType, connectionType: 'open_banking', syncFrequency: 'daily', ...(pluggy ? { itemId: values.itemId } : {}) },
    }),
    onSuccess: (connection) => {
      notify(...toast('Conexão Criada', `${connection.bankName} (${connection.accountNumber}) conectado com sucesso.`));
      refresh();
      close();
    },
    onError: (error) => notify(...toast('Erro ao criar conexão bancária', errorMessage(error), 'error')),
  });
  const submit = () => {
    if (!values.bankName || !values.accountNumber.trim() || !values.accountType || (pluggy && !values.itemId.trim())) {
      notify(...toast('Preencha todos os campos obrigatórios', undefined, 'error'));
      return;
    }
    connect.mutate();
  };
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="connect-bank-title">
      <DialogTitle id="connect-bank-title">Conectar Banco</DialogTitle>
      <DialogContent dividers>
        <TextField select fullWidth margin="dense" label="Banco" value={values.bankName} onChange={set('bankName')} required>
          {(banks.data ?? []).map((bank) => <MenuItem key={bank.code} value={bank.name}>{bank.name}</MenuItem>)}
        </TextField>
        <TextField fullWidth margin="dense" label="Número da Conta" value={values.accountNumber} onChange={set('accountNumber')} required
          helperText="Somente os 4 últimos dígitos serão exibidos" slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }} />
        <TextField select fullWidth margin="dense" label="Tipo de Conta" value={values.accountType} onChange={set('accountType')} required>
          {accountTypeChoices.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
        </TextField>
        {pluggy && (
          <TextField fullWidth margin="dense" label="Item do Pluggy (itemId)" value={values.itemId} onChange={set('itemId')} required
            helperText="O identificador da conexão criada no Pluggy Connect" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancelar</Button>
        <Button variant="contained" onClick={submit} disabled={connect.isPending}>Conectar</Button>
      </DialogActions>
    </Dialog>
  );
};
