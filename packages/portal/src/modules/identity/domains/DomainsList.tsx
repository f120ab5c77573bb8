import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DomainCreate, domainResource, type Domain } from '@trellis/domain/identity/domain';
import { allows } from '@trellis/domain/identity/modules';
import { api } from '../../../api/client.ts';
import { refetchAfterWrite } from '../../../api/useWrite.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { useQueryClient } from '@tanstack/react-query';

export const domainDetail = (id: string) => pathTo('settings.users.domains.details', { id });

/**
 * The account's domains with their status, and "Add domain", which opens the new domain on the page that tells where
 * its verification record goes. Settings › Users › Policies shows it; Settings › Branding's domains tab reuses it.
 */
export function DomainsList() {
  const auth = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const canWrite = allows(auth.permissions, domainResource.module);
  return (
    <>
      <ResourceTable<Domain>
        key="domains"
        resource={domainResource}
        rowLink={(d) => domainDetail(d.id)}
        toolbar={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add domain
            </Button>
          )
        }
      />
      <SchemaFormDialog
        open={adding}
        title="Add a domain"
        submitLabel="Add"
        schema={DomainCreate}
        intro="You prove that your organisation owns the domain by publishing a DNS record; the next page tells you which."
        onClose={() => setAdding(false)}
        onSubmit={async (body) => {
          const made = await api.post<Domain>(domainResource.path, body);
          await refetchAfterWrite(client, {});
          setAdding(false);
          navigate(domainDetail(made.id));
        }}
      />
    </>
  );
}
