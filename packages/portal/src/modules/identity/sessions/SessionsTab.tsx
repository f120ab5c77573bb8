import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionResource, type UserSession } from '@trellis/domain/identity/session';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { fillPath } from '../../../components/fillPath.ts';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { notify } from '../data.ts';

/** A short "Browser on OS" out of a user agent, enough to recognise a device. */
export function deviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : /curl|node|undici|python|Go-http/i.test(ua)
            ? 'Script'
            : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (!browser && !os) return ua || 'Unknown device';
  return [browser ?? 'Unknown browser', os].filter(Boolean).join(' on ');
}

/** Settings › Users › Sessions: the user's own sessions; end one, or every one but this. */
export function SessionsTab({ userId }: { userId: string }) {
  const client = useQueryClient();
  const [confirmAll, setConfirmAll] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const path = fillPath(sessionResource.path, { user_pk: userId });

  const terminate = async (s: UserSession) => {
    setBusy(s.id);
    try {
      await api.post(`${path}/${s.id}/terminate`);
      notify('success', `Session ${s.id} was terminated.`);
      void client.invalidateQueries({ queryKey: ['list'] });
    } catch (err) {
      notify('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const render = {
    'device.ua': (s: UserSession) => (
      <Tooltip title={s.device.ua}>
        <span>{deviceName(s.device.ua)}</span>
      </Tooltip>
    ),
    current: (s: UserSession) =>
      s.current ? (
        <Chip size="small" color="primary" label="This session" />
      ) : s.status === 'active' ? (
        <Button
          size="small"
          color="error"
          disabled={busy !== null}
          onClick={() => void terminate(s)}
          aria-label={`Terminate session ${s.id}`}
        >
          Terminate
        </Button>
      ) : null,
  };

  return (
    <>
      <ResourceTable<UserSession>
        key="sessions"
        resource={sessionResource}
        noun="sessions"
        path={path}
        render={render}
        toolbar={
          <Button variant="outlined" color="error" onClick={() => setConfirmAll(true)}>
            Terminate all other sessions
          </Button>
        }
      />
      <ConfirmDialog
        open={confirmAll}
        title="Terminate all other sessions"
        confirmLabel="Terminate"
        destructive
        onClose={() => setConfirmAll(false)}
        onConfirm={async () => {
          const ended = await api.post<UserSession[]>(`${path}/terminate`, {});
          notify(
            'success',
            ended.length
              ? `${ended.length} other session${ended.length === 1 ? ' was' : 's were'} terminated.`
              : 'There were no other active sessions.',
          );
          void client.invalidateQueries({ queryKey: ['list'] });
        }}
      >
        Every other device signed in as you is logged out at once. This session stays open.
      </ConfirmDialog>
    </>
  );
}
