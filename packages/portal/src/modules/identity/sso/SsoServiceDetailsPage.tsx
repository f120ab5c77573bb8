import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { ssoServiceResource, type SsoService } from '@trellis/domain/identity/sso-service';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { notify, type NoticeState } from '../data.ts';
import { ssoServiceBody, ssoServiceForm, useIdps } from './forms.ts';
import { SsoServiceIcon } from './SsoServiceIcon.tsx';

const POLICIES = () => pathTo('settings.users', { tab: 'policies' });

/** One SSO service: its declared fields and actions (enable, disable), edit, delete. */
export default function SsoServiceDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const path = `${ssoServiceResource.path}/${id}`;
  const canWrite = allows(auth.permissions, ssoServiceResource.module);
  const [editing, setEditing] = useState<SsoService | null>(null);
  const idps = useIdps();
  const schema = useMemo(() => ssoServiceForm(idps.data ?? []), [idps.data]);
  usePageChrome({ backRoute: POLICIES() });
  return (
    <>
      <ResourceDetail<SsoService>
        resource={ssoServiceResource}
        path={path}
        extra={(s) => [{ label: 'Icon', value: <SsoServiceIcon id={s.id} icon={s.icon} canEdit={canWrite} /> }]}
        buttons={(s) =>
          canWrite ? (
            <Button variant="outlined" size="small" onClick={() => setEditing(s)}>
              Edit
            </Button>
          ) : null
        }
        onDeleted={(s) =>
          navigate(POLICIES(), {
            state: { notice: { severity: 'success', content: `${s.name} was deleted.` } } satisfies NoticeState,
          })
        }
      />
      <SchemaFormDialog
        open={!!editing}
        title={`Edit ${editing?.name ?? ''}`}
        submitLabel="Save"
        schema={schema}
        defaults={editing ? { name: editing.name, description: editing.description, idp: editing.idp.id } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          await api.put<SsoService>(path, ssoServiceBody(body));
          await refetchAfterWrite(client, { objects: [path] });
          notify('success', 'SSO service saved.');
        }}
      />
    </>
  );
}
