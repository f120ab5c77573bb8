import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { IDP_TYPE_LABELS, IdpUpdate, idpResource, type Idp } from '@trellis/domain/identity/idp';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { CopyField } from '../../../components/CopyField.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { notify, type NoticeState } from '../data.ts';
import { OpenIdSettingsForm, providerUrls, SamlSettingsForm, settingsBody, settingsValues } from './forms.ts';

const POLICIES = () => pathTo('settings.users', { tab: 'policies' });

/** One identity provider: its declared fields, the addresses to register with it, edit, settings, delete. */
export default function IdpDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const path = `${idpResource.path}/${id}`;
  const canWrite = allows(auth.permissions, idpResource.module);
  const [editing, setEditing] = useState<Idp | null>(null);
  const [configuring, setConfiguring] = useState<Idp | null>(null);
  usePageChrome({ backRoute: POLICIES() });
  const save = async (body: unknown, done: string) => {
    await api.put<Idp>(path, body);
    await refetchAfterWrite(client, { objects: [path] });
    notify('success', done);
  };
  return (
    <>
      <ResourceDetail<Idp>
        resource={idpResource}
        path={path}
        title={(i) => i.name || i.id}
        extra={(i) =>
          providerUrls(i).map((u) => ({
            label: u.label,
            value: <CopyField label={u.label} value={u.value} />,
          }))
        }
        buttons={(i) =>
          canWrite ? (
            <>
              <Button variant="outlined" size="small" onClick={() => setEditing(i)}>
                Edit
              </Button>
              <Button variant="outlined" size="small" onClick={() => setConfiguring(i)}>
                {IDP_TYPE_LABELS[i.type]} settings
              </Button>
            </>
          ) : null
        }
        onDeleted={(i) =>
          navigate(POLICIES(), {
            state: { notice: { severity: 'success', content: `${i.name || i.id} was deleted.` } } satisfies NoticeState,
          })
        }
      />
      <SchemaFormDialog
        open={!!editing}
        title={`Edit ${editing?.name || editing?.id || ''}`}
        submitLabel="Save"
        schema={IdpUpdate}
        defaults={
          editing
            ? { name: editing.name, description: editing.description, external_id: editing.external_id }
            : undefined
        }
        onClose={() => setEditing(null)}
        onSubmit={(body) => save(body, 'Identity provider saved.')}
      />
      <SchemaFormDialog
        open={!!configuring}
        title={`${configuring ? IDP_TYPE_LABELS[configuring.type] : ''} settings`}
        submitLabel="Save"
        schema={configuring?.type === 'openid' ? OpenIdSettingsForm : SamlSettingsForm}
        defaults={configuring ? settingsValues(configuring) : undefined}
        onClose={() => setConfiguring(null)}
        onSubmit={(body) => save({ settings: settingsBody(configuring!.type, body) }, 'Settings saved.')}
      />
    </>
  );
}
