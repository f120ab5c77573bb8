import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { ssoServiceResource, type SsoService } from '@trellis/domain/identity/sso-service';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { ssoServiceBody, ssoServiceDetail, ssoServiceForm, useIdps } from '../sso/forms.ts';

/** Settings › Users › Policies: the SSO services, the sign-in buttons of the login pages of the account's portals. */
export function SsoServicesSection() {
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const allowed = allows(auth.permissions, ssoServiceResource.module);
  const idps = useIdps();
  const schema = useMemo(() => ssoServiceForm(idps.data ?? []), [idps.data]);
  if (!allowed) return null;
  const none = idps.isSuccess && idps.data.length === 0;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          SSO services
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Each active service is a “Sign in with …” button on the login page of your portals, which signs the user in
          with its identity provider.
          {none && ' Add an identity provider first.'}
        </Typography>
        <ResourceTable<SsoService>
          key="sso-services"
          resource={ssoServiceResource}
          stateKey="sso-services"
          noun="SSO services"
          rowLink={(s) => ssoServiceDetail(s.id)}
          toolbar={
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              disabled={!idps.data?.length}
              onClick={() => setAdding(true)}
            >
              Add SSO service
            </Button>
          }
        />
        <SchemaFormDialog
          open={adding}
          title="Add an SSO service"
          submitLabel="Add"
          schema={schema}
          defaults={{ idp: idps.data?.[0]?.id ?? '' }}
          onClose={() => setAdding(false)}
          onSubmit={async (body) => {
            const made = await api.post<SsoService>(ssoServiceResource.path, ssoServiceBody(body));
            await refetchAfterWrite(client, {});
            setAdding(false);
            navigate(ssoServiceDetail(made.id));
          }}
        />
      </CardContent>
    </Card>
  );
}
