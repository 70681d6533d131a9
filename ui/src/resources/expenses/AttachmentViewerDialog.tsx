// Shows an expense's attachment (image or PDF) in a dialog.
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

export interface ViewedAttachment {
  url: string;
  name: string | null;
  type: string | null;
}

export const AttachmentViewerDialog = ({ attachment, onClose }: { attachment: ViewedAttachment | null; onClose: () => void }) => {
  const name = attachment?.name ?? 'Anexo';
  const isPdf = attachment?.type === 'application/pdf' || /\.pdf$/i.test(attachment?.name ?? '');
  return (
    <Dialog open={attachment !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="attachment-viewer-title">
      <DialogTitle id="attachment-viewer-title">{name}</DialogTitle>
      <DialogContent dividers>
        {attachment && (isPdf ? (
          <Box component="iframe" src={attachment.url} title={name} sx={{ width: '100%', height: '70vh', border: 0 }} />
        ) : (
          <Box component="img" src={attachment.url} alt={name} sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }} />
        ))}
      </DialogContent>
      <DialogActions>
        {attachment && !attachment.url.startsWith('data:') && (
          <Button href={attachment.url} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>Abrir em nova aba</Button>
        )}
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
};
