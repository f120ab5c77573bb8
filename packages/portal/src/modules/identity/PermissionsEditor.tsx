import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { ModuleCheckboxes } from '../../components/ModuleCheckboxes.tsx';
import { useModules } from './data.ts';

export interface PermissionsEditorProps {
  /** The permissions collection, e.g. /auth/tokens/SU-1/permissions or /accounts/A/groups/G/permissions. */
  path: string;
  /** Module ids granted now (from the object). */
  granted: string[];
  canWrite: boolean;
  /** Who gets these permissions, for the hint ("members of this group"). */
  subject: string;
}

/** Grant (POST {id}) and revoke (DELETE with body {id}) one module at a time; the server's refusal is shown as is. */
export function PermissionsEditor({ path, granted, canWrite, subject }: PermissionsEditorProps) {
  const client = useQueryClient();
  const modules = useModules();
  const [pending, setPending] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (id: string, checked: boolean) => {
    setPending((p) => [...p, id]);
    setError(null);
    try {
      await apiRequest(path, { method: checked ? 'POST' : 'DELETE', body: { id } });
      await client.invalidateQueries({ queryKey: ['get'] });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending((p) => p.filter((x) => x !== id));
    }
  };

  if (modules.isError) return <Alert severity="error">{errorMessage(modules.error)}</Alert>;
  if (!modules.data)
    return (
      <Stack spacing={1}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <Alert severity="info" variant="outlined">
        {`The modules ${subject} may use. You can grant only modules you hold yourself.`}
      </Alert>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ whiteSpace: 'pre-line' }}>
          {error}
        </Alert>
      )}
      <ModuleCheckboxes
        modules={modules.data}
        value={granted}
        pending={pending}
        disabled={!canWrite}
        onToggle={(id, checked) => void toggle(id, checked)}
      />
    </Stack>
  );
}
