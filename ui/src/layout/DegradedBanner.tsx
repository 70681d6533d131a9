// Shown while the API flags this organization's figures as held back (a processing failure waiting
// for a fix and a replay): the numbers on screen may be behind, never silently wrong.
import { Alert, AlertTitle } from '@mui/material';
import { useOrganizationDegraded } from '../providers/degradedState';

export const DEGRADED_TITLE = 'Alguns números desta empresa estão desatualizados';
export const DEGRADED_TEXT =
  'Um problema no processamento atrasou a atualização de relatórios e totais. Os lançamentos que você registra estão guardados com segurança e os números serão corrigidos automaticamente assim que o problema for resolvido.';

export const DegradedBanner = () => {
  const degraded = useOrganizationDegraded();
  if (!degraded) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
      <AlertTitle>{DEGRADED_TITLE}</AlertTitle>
      {DEGRADED_TEXT}
    </Alert>
  );
};
