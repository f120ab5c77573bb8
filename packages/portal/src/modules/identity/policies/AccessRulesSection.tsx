import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACL_LISTS,
  AclRuleCreate,
  AclRuleUpdate,
  aclRuleResource,
  type AclList,
  type AclRule,
} from '@trellis/domain/identity/acl';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EditDeleteMenu } from '../../../components/EditDeleteMenu.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';

/** One list: its rules, add, edit and delete (a change that would shut the user out is refused by the server). */
function RulesList({ list }: { list: AclList }) {
  const client = useQueryClient();
  const path = `/acl/${list.id}/rules`;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AclRule | null>(null);
  const [deleting, setDeleting] = useState<AclRule | null>(null);
  const refetch = () => refetchAfterWrite(client, { lists: [path] });
  return (
    <Box component="section" aria-labelledby={`acl-${list.id}`}>
      <Typography variant="subtitle1" component="h3" id={`acl-${list.id}`} sx={{ fontWeight: 500 }}>
        {list.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {list.description}
      </Typography>
      <ResourceTable<AclRule>
        key={`acl-${list.id}`}
        resource={aclRuleResource}
        path={path}
        stateKey={`acl-${list.id}`}
        noun="rules"
        rowActions={(r) => (
          <EditDeleteMenu row={r} label={`Actions for rule ${r.value}`} onEdit={setEditing} onDelete={setDeleting} />
        )}
        toolbar={
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add rule
          </Button>
        }
      />
      <SchemaFormDialog
        open={adding}
        title={`Add a rule: ${list.name}`}
        submitLabel="Add"
        schema={AclRuleCreate}
        defaults={{ action: 'allow' }}
        onClose={() => setAdding(false)}
        onSubmit={async (body) => {
          const made = await api.post<AclRule>(path, body);
          await refetch();
          setAdding(false);
          notify('success', `${made.action === 'allow' ? 'Allowed' : 'Denied'}: ${made.value}.`);
        }}
      />
      <SchemaFormDialog
        open={!!editing}
        title={`Edit the rule ${editing?.value ?? ''}`}
        submitLabel="Save"
        schema={AclRuleUpdate}
        defaults={editing ? { value: editing.value, action: editing.action, comment: editing.comment ?? '' } : {}}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          await api.put<AclRule>(`${path}/${editing!.id}`, body);
          await refetch();
          setEditing(null);
          notify('success', 'Rule saved.');
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete the rule"
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await api.delete(`${path}/${deleting!.id}`);
          await refetch();
          notify('success', `The rule ${deleting!.value} was deleted.`);
        }}
      >
        {deleting?.action === 'allow' ? 'Allowed' : 'Denied'} {deleting?.value} no longer applies.
      </ConfirmDialog>
    </Box>
  );
}

/** Settings › Users › Policies: the IP access lists of the account the user manages. */
export function AccessRulesSection() {
  const auth = useAuth();
  const lists = Object.values(ACL_LISTS).filter((l) => allows(auth.permissions, l.module));
  if (!lists.length) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          Access rules
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Addresses (IPv4, IPv6 or CIDR ranges) allowed or denied. A list without rules lets every address in; once it
          has an allow rule, only the addresses allow rules name get in; a deny rule always wins. You cannot save a list
          that would shut out your own address.
        </Typography>
        <Stack spacing={3}>
          {lists.map((l) => (
            <RulesList key={l.id} list={l} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
