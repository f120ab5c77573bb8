import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { ruleResource, type NotificationRule } from '@trellis/domain/notifications/rule';
import type { AccountNotification } from '@trellis/domain/notifications/subscription';
import { useWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditDeleteMenu } from '../../../components/EditDeleteMenu.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { EnabledSwitch } from './EnabledSwitch.tsx';
import { RuleEditorDialog } from './RuleEditorDialog.tsx';
import { ruleApiPath, rulesApiPath } from './paths.ts';

/** The rule being edited: none, a new one, or a saved one. */
type Editing = { rule: NotificationRule | null } | null;

/** A subscription's rules (declared columns), each switched on or off here; added, edited and deleted. */
export function RulesList({ subscription: s, canWrite }: { subscription: AccountNotification; canWrite: boolean }) {
  const list = rulesApiPath(s.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<NotificationRule | null>(null);
  const remove = useWrite<unknown, string>(
    { method: 'DELETE', path: (id) => ruleApiPath(s.id, id) },
    { lists: [list] },
  );

  const render = {
    enabled: (r: NotificationRule) => (
      <EnabledSwitch
        path={ruleApiPath(s.id, r.id)}
        list={list}
        enabled={r.enabled}
        disabled={!canWrite}
        label={`Enabled: ${r.name}`}
        done={(on) => (on ? `Rule "${r.name}" is enabled.` : `Rule "${r.name}" is disabled: it mails nobody.`)}
      />
    ),
  };
  return (
    <>
      <ResourceTable<NotificationRule>
        resource={ruleResource}
        path={list}
        noun="rules"
        stateKey={`notification-rules-${s.id}`}
        render={render}
        rowActions={
          canWrite
            ? (r) => (
                <EditDeleteMenu
                  row={r}
                  label={`Actions for rule ${r.name}`}
                  onEdit={(rule) => setEditing({ rule })}
                  onDelete={setDeleting}
                />
              )
            : undefined
        }
        toolbar={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ rule: null })}>
              Add rule
            </Button>
          )
        }
      />
      <RuleEditorDialog
        open={!!editing}
        subscription={s}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
        onSaved={(rule, created) => {
          if (created) {
            // stay in the editor: the saved rule can be previewed and tried
            setEditing({ rule });
            notify('success', `Rule "${rule.name}" was added. Its preview and a test mail are at hand.`);
          } else {
            setEditing(null);
            notify('success', `Rule "${rule.name}" is saved.`);
          }
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete the rule"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!.id);
          notify('success', `Rule "${deleting!.name}" was deleted.`);
        }}
      >
        Rule &quot;{deleting?.name}&quot; is deleted and mails nobody any more. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
