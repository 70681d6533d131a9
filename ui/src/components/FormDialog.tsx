// The create/edit dialog every resource form shares: title, react-admin's Create/EditBase, 'Cancelar' and the submit button, toasts.
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId, useState, type ReactElement, type ReactNode } from 'react';
import { CreateBase, EditBase, Form, SaveButton, useEditContext, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { errorMessage } from '../providers/httpClient';

/** `notify`'s arguments: a plain message with its type, or `toast(title, description, type)`. */
export type Notice = Parameters<ReturnType<typeof useNotify>>;

export interface FormDialogProps {
  resource: string;
  open: boolean;
  /** Given: edit that record; otherwise create one. */
  id?: string;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** The submit button's icon; react-admin's save icon by default (`<></>`: none). */
  submitIcon?: ReactElement;
  /** The new record's defaults (create only). */
  record?: Partial<RaRecord>;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Shown once the server has saved; then the list refreshes and the dialog closes. */
  saved: Notice;
  /** Shown when the server refuses; by default its message as an error. */
  failed?: (error: unknown) => Notice;
  /** Shapes the form's values into the request body (e.g. leaves out what the server owns). */
  transform?: (data: RaRecord) => Partial<RaRecord>;
  /** The inputs, laid out inside the dialog's content. */
  children: ReactNode;
}

const serverMessage = (error: unknown): Notice => [errorMessage(error), { type: 'error' }];

/**
 * Read each time the dialog opens, and the form shown only once read: the cached record may be older
 * than the server's (the list never replaces a cached record, and changes such as 'Registrar aporte'
 * do not go through the form), and its version goes back in If-Match, so a stale one would be
 * refused with 409 as if someone else had changed it.
 */
const editQueryOptions = { refetchOnMount: 'always' as const };

/** Waits for the first read only: a later refetch (another screen's refresh) keeps what is being typed. */
const FreshRecord = ({ children }: { children: ReactElement }) => {
  const { record, isFetching } = useEditContext();
  const [read, setRead] = useState(false);
  useEffect(() => { if (record && !isFetching) setRead(true); }, [record, isFetching]);
  if (!read && (!record || isFetching)) {
    return <DialogContent dividers><Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}><CircularProgress aria-label="Carregando" /></Box></DialogContent>;
  }
  return children;
};

export const FormDialog = ({
  resource, open, id, onClose, title, submitLabel, submitIcon, record, maxWidth = 'sm', saved, failed = serverMessage, transform, children,
}: FormDialogProps) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const mutationOptions = {
    onSuccess: () => {
      notify(...saved);
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify(...failed(error)),
  };
  const form = (
    <Form>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <SaveButton label={submitLabel} icon={submitIcon} alwaysEnable />
      </DialogActions>
    </Form>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open && (id ? (
        <EditBase resource={resource} id={id} mutationMode="pessimistic" redirect={false} queryOptions={editQueryOptions} mutationOptions={mutationOptions} transform={transform}>
          <FreshRecord>{form}</FreshRecord>
        </EditBase>
      ) : (
        <CreateBase resource={resource} redirect={false} record={record} mutationOptions={mutationOptions} transform={transform}>{form}</CreateBase>
      ))}
    </Dialog>
  );
};
