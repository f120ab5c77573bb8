import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import {
  domainResource,
  domainUserResource,
  isDomainConcluded,
  type Domain,
  type DomainUser,
} from '@trellis/domain/identity/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { notify } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { CopyField } from '../../../components/CopyField.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { domainAuthBody, domainAuthForm, PASSWORD_ONLY, useIdps } from '../sso/forms.ts';
import type { NoticeState } from '../data.ts';
import { DomainUserIdp } from './DomainUserIdp.tsx';

const POLICIES = () => pathTo('settings.users', { tab: 'policies' });

/** Where the record goes, to copy into the DNS provider's console. */
function Instructions({ domain }: { domain: Domain }) {
  const { name, type, value } = domain.verification;
  return (
    <Alert severity="info" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>Publish this DNS record, then verify</AlertTitle>
      <Typography variant="body2" sx={{ mb: 2 }}>
        At the DNS provider of {domain.domain}, add a record with this name, type and value. DNS changes can take a
        while to reach everyone; verify once the record is published.
      </Typography>
      <Stack spacing={2} sx={{ bgcolor: 'background.paper', p: 2, borderRadius: 1 }}>
        <CopyField label="Name" value={name} />
        <CopyField label="Type" value={type} />
        <CopyField label="Value" value={value} />
      </Stack>
    </Alert>
  );
}

/** What the last check concluded, in the owner's words. */
function Outcome({ domain }: { domain: Domain }) {
  const event = domain.events[domain.status];
  if (domain.status === 'verified')
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        {domain.domain} is verified: the account owns it.
      </Alert>
    );
  if (domain.status === 'failed')
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>The last check failed</AlertTitle>
        {event?.reason ?? 'No reason was given.'}
      </Alert>
    );
  if (domain.status === 'rejected')
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>Rejected</AlertTitle>
        {event?.reason ?? 'No reason was given.'}
      </Alert>
    );
  return null;
}

/** One domain: its status, the record that proves it (until verified), the outcome of each check, its users. */
export default function DomainDetailsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const path = `${domainResource.path}/${id}`;
  const client = useQueryClient();
  const auth = useAuth();
  const canWrite = allows(auth.permissions, domainResource.module);
  const [linking, setLinking] = useState<Domain | null>(null);
  // the account's identity providers, asked for once the dialog opens
  const idps = useIdps(!!linking);
  const authSchema = useMemo(() => domainAuthForm(idps.data ?? []), [idps.data]);
  usePageChrome({ backRoute: POLICIES() });
  // the outcome decides how the notice reads: a failed check is no success (the banner below says why)
  const verify = async () => {
    try {
      const answer = await api.post<Domain>(`${path}/verify`);
      await refetchAfterWrite(client, { objects: [path] });
      if (answer.status === 'verified') notify('success', `${answer.domain} is verified.`);
      else
        notify(
          'error',
          `The verification of ${answer.domain} ${answer.status === 'rejected' ? 'was rejected' : 'failed'}.`,
        );
    } catch (e) {
      notify('error', errorMessage(e));
    }
  };
  return (
    <>
      <ResourceDetail<Domain>
        resource={domainResource}
        path={path}
        title={(d) => d.domain}
        actions={{ verify: { onClick: verify } }}
        buttons={(d) =>
          canWrite && d.status === 'verified' ? (
            <Button variant="outlined" size="small" onClick={() => setLinking(d)}>
              Single sign-on
            </Button>
          ) : null
        }
        render={{ 'auth.enforce': (d) => (d.auth ? (d.auth.enforce ? 'Yes' : 'No') : null) }}
        banner={(d) => (
          <>
            <Outcome domain={d} />
            {(d.status === 'pending' || d.status === 'failed') && <Instructions domain={d} />}
          </>
        )}
        tabs={[
          {
            id: 'users',
            label: 'Users',
            render: (d) =>
              isDomainConcluded(d) && d.status === 'verified' ? (
                <ResourceTable<DomainUser>
                  key="domain-users"
                  resource={domainUserResource}
                  path={`${path}/users`}
                  stateKey="domain-users"
                  rowActions={canWrite ? (u) => <DomainUserIdp user={u} path={`${path}/users`} /> : undefined}
                />
              ) : (
                <Typography color="text.secondary">
                  A domain has users once it is verified: the members of this account whose e-mail is at {d.domain}.
                </Typography>
              ),
          },
        ]}
        onDeleted={(d) =>
          navigate(POLICIES(), {
            state: { notice: { severity: 'success', content: `${d.domain} was deleted.` } } satisfies NoticeState,
          })
        }
      />
      <SchemaFormDialog
        open={!!linking && idps.isSuccess}
        title={`Single sign-on for ${linking?.domain ?? ''}`}
        submitLabel="Save"
        schema={authSchema}
        intro="The users whose e-mail is at this domain sign in with the identity provider you choose."
        defaults={
          linking ? { idp: linking.auth?.idp.id ?? PASSWORD_ONLY, enforce: linking.auth?.enforce ?? false } : undefined
        }
        onClose={() => setLinking(null)}
        onSubmit={async (body) => {
          const answer = await api.put<Domain>(path, { auth: domainAuthBody(body) });
          await refetchAfterWrite(client, { objects: [path] });
          notify(
            'success',
            answer.auth
              ? `${answer.domain} signs in with ${answer.auth.idp.name}${answer.auth.enforce ? ' only' : ''}.`
              : `${answer.domain} signs in with a password.`,
          );
        }}
      />
    </>
  );
}
