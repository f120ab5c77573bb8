import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { caseMachine, caseSide, type Case } from '@trellis/domain/helpdesk/case';
import { api } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { refetchAfterWrite } from '../../api/useWrite.ts';
import { notify } from '../../app/notices.ts';
import { useViewer } from '../../app/session/useViewer.ts';
import { AssignUserDialog } from '../../components/AssignUserDialog.tsx';

/**
 * The agent of the account's own side of an open case: "Take it" makes it the user's, "Assign agent" gives it to
 * another user of the account or to nobody. Each side names only its own agent (the server refuses the other's).
 */
export function CaseAgentButtons({ obj, path }: { obj: Case; path: string }) {
  const viewer = useViewer();
  const client = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const [busy, setBusy] = useState(false);
  const side = caseSide(obj, viewer);
  if (!side || !viewer.userId || caseMachine.editable?.(obj, viewer)) return null;
  const agent = obj[side].agent;

  const assign = async (to: { id: string } | null) => {
    const saved = await api.put<Case>(path, { [side]: { agent: to } });
    await refetchAfterWrite(client, { objects: [path] });
    const now = saved[side].agent;
    notify(
      'success',
      now
        ? `${now.id === viewer.userId ? 'You handle' : `${now.name} handles`} this case now.`
        : 'Nobody handles this case now.',
    );
    return saved;
  };
  const take = async () => {
    setBusy(true);
    try {
      await assign({ id: viewer.userId! });
    } catch (err) {
      notify('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {agent?.id !== viewer.userId && (
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void take()}>
          Take it
        </Button>
      )}
      <Button variant="outlined" size="small" disabled={busy} onClick={() => setAssigning(true)}>
        Assign agent
      </Button>
      <AssignUserDialog
        open={assigning}
        title="Assign agent"
        label="Agent"
        helperText="Who in your account handles this case."
        current={agent}
        nobody
        onClose={() => setAssigning(false)}
        onAssign={assign}
      />
    </>
  );
}
