import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import type { Group } from '@trellis/domain/identity/group';
import { allows } from '@trellis/domain/identity/modules';
import { CONTACT_KINDS, CONTACT_KIND_LABELS, type ContactKind } from '@trellis/domain/notifications/rule';
import { listAll } from '../../../api/list.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useActiveMembers } from '../../../components/AssignUserDialog.tsx';
import { NamedPicker } from '../../../components/NamedPicker.tsx';
import type { RuleForm } from './ruleForm.ts';

/** Reading the account's groups (like its users) needs the users module; without it only the rule's own show. */
const USERS_MODULE = 'MD-0001';

function useGroups() {
  const auth = useAuth();
  const path = `/accounts/${auth.account.id}/groups`;
  return useQuery({
    queryKey: ['list', path, 'all'],
    queryFn: ({ signal }) => listAll<Group>(path, 'ordering(name)', signal),
    enabled: allows(auth.permissions, USERS_MODULE),
  });
}

/**
 * Whom a rule mails: the account's users and groups, fixed addresses, the object's assignee and the contacts of its
 * tier accounts. At least one is needed; every address must be an e-mail ('All E-mails must be valid').
 */
export function RecipientsFields({ control, errors }: { control: Control<RuleForm>; errors: FieldErrors<RuleForm> }) {
  const members = useActiveMembers();
  const groups = useGroups();
  const users = (members.data ?? []).map((u) => ({ id: u.id, name: u.name }));
  const groupOptions = (groups.data ?? []).map((g) => ({ id: g.id, name: g.name }));
  const missing = errors.root?.recipients?.message;

  return (
    <FormControl component="fieldset" error={!!missing} sx={{ gap: 2 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        Recipients
      </FormLabel>
      <Stack spacing={2}>
        <Controller
          control={control}
          name="users"
          render={({ field }) => (
            <NamedPicker
              label="Users"
              value={field.value}
              onChange={field.onChange}
              options={users}
              error={errors.users?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="groups"
          render={({ field }) => (
            <NamedPicker
              label="Groups"
              value={field.value}
              onChange={field.onChange}
              options={groupOptions}
              error={errors.groups?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="emails"
          render={({ field }) => (
            <Autocomplete
              multiple
              freeSolo
              autoSelect
              options={[] as string[]}
              value={field.value}
              onChange={(_, v) => field.onChange(v.flatMap((e) => e.split(/[\s,;]+/)).filter(Boolean))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="E-mail addresses"
                  error={!!errors.emails}
                  helperText={errors.emails?.message ?? 'Fixed addresses; press Enter after each.'}
                />
              )}
            />
          )}
        />
        <FormGroup>
          <Controller
            control={control}
            name="assignee"
            render={({ field }) => (
              <FormControlLabel
                label="The object's assignee (a request's assignee, a case's agent)"
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
          <Controller
            control={control}
            name="contacts"
            render={({ field }) => (
              <>
                {CONTACT_KINDS.map((kind: ContactKind) => (
                  <FormControlLabel
                    key={kind}
                    label={CONTACT_KIND_LABELS[kind]}
                    control={
                      <Checkbox
                        checked={field.value.includes(kind)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? CONTACT_KINDS.filter((k) => k === kind || field.value.includes(k))
                              : field.value.filter((k) => k !== kind),
                          )
                        }
                      />
                    }
                  />
                ))}
              </>
            )}
          />
        </FormGroup>
      </Stack>
      {missing && <FormHelperText>{missing}</FormHelperText>}
    </FormControl>
  );
}
