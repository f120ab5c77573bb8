import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import KeyIcon from '@mui/icons-material/Key';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DomainUser } from '@trellis/domain/identity/domain';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { notify } from '../../../app/notices.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { userIdpBody, userIdpForm, useIdps, DOMAIN_IDP } from '../sso/forms.ts';

/**
 * A domain user's own identity provider (PUT /domains/{id}/users/{pk} `{idp}`): one of the account's, or the
 * domain's (null). The row's button names the current one.
 */
export function DomainUserIdp({ user, path }: { user: DomainUser; path: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const idps = useIdps(open);
  const schema = useMemo(() => userIdpForm(idps.data ?? []), [idps.data]);
  const current = user.auth?.idp.name ?? 'the domain’s';
  return (
    <>
      <Tooltip title={`Identity provider: ${current}`}>
        <IconButton size="small" aria-label={`Identity provider of ${user.email}`} onClick={() => setOpen(true)}>
          <KeyIcon fontSize="small" color={user.auth ? 'primary' : 'inherit'} />
        </IconButton>
      </Tooltip>
      <SchemaFormDialog
        open={open && idps.isSuccess}
        title={`Identity provider of ${user.name || user.email}`}
        submitLabel="Save"
        schema={schema}
        intro="A user signs in with the domain’s identity provider unless one of their own is chosen here."
        defaults={{ idp: user.auth?.idp.id ?? DOMAIN_IDP }}
        onClose={() => setOpen(false)}
        onSubmit={async (body) => {
          await api.put(`${path}/${user.id}`, userIdpBody(body));
          await refetchAfterWrite(client, { lists: [path] });
          notify(
            'success',
            `Saved: ${user.email} signs in with ${body.idp === DOMAIN_IDP ? 'the domain’s identity provider' : (idps.data?.find((i) => i.id === body.idp)?.name ?? body.idp)}.`,
          );
        }}
      />
    </>
  );
}
