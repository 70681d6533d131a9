// The create/edit dialog every resource form shares: title, react-admin's Create/EditBase, 'Cancelar' and the submit button, toasts.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactElement, type ReactNode } from 'react';
import { CreateBase, EditBase, Form, SaveButton, useNotify, useRefresh, type RaRecord } from 'react-admin';
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
        <EditBase resource={resource} id={id} mutationMode="pessimistic" redirect={false} mutationOptions={mutationOptions} transform={transform}>{form}</EditBase>
      ) : (
        <CreateBase resource={resource} redirect={false} record={record} mutationOptions={mutationOptions} transform={transform}>{form}</CreateBase>
      ))}
    </Dialog>
  );
};
