import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { caseMachine, caseSide, type Case } from '@trellis/domain/helpdesk/case';
import { refetchAfterWrite } from '../../api/useWrite.ts';
import { notify } from '../../app/notices.ts';
import { useViewer } from '../../app/session/useViewer.ts';
import { EditCaseDialog } from './EditCaseDialog.tsx';

/** Edit for the issuer of an open case (subject, type, priority, description); the receiver changes the priority. */
export function CaseEditButton({ obj, path }: { obj: Case; path: string }) {
  const viewer = useViewer();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const side = caseSide(obj, viewer);
  if (!side || caseMachine.editable?.(obj, viewer)) return null;
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
        {side === 'issuer' ? 'Edit' : 'Change priority'}
      </Button>
      <EditCaseDialog
        open={editing}
        obj={obj}
        side={side}
        path={path}
        onClose={() => setEditing(false)}
        onSaved={async () => {
          await refetchAfterWrite(client, { objects: [path] });
          setEditing(false);
          notify('success', `Case ${obj.id} is saved.`);
        }}
      />
    </>
  );
}
