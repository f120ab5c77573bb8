import Button from '@mui/material/Button';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { allows } from '@trellis/domain/identity/modules';
import { LeadFormCreate, leadFormResource, type LeadForm } from '@trellis/domain/leads/lead-form';
import { useWrite } from '../../api/useWrite.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog.tsx';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { FieldsTab } from './FieldsTab.tsx';
import { ListingsTab } from './ListingsTab.tsx';
import { leadFormsPath } from './paths.ts';

const Rename = z.object({ name: LeadFormCreate.shape.name });

/**
 * One lead form: its details, its fields in the shared form builder, the listings that use it (attach, take off,
 * the public link); activate / deactivate and delete come from the declaration.
 */
export default function LeadFormDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const path = `${leadFormResource.path}/${id}`;
  const rename = useWrite<LeadForm, Record<string, unknown>>({ method: 'PUT', path }, { objects: [path] });
  usePageChrome({ backRoute: leadFormsPath() }, []);
  const canWrite = auth.account.type === 'vendor' && allows(auth.permissions, leadFormResource.module);
  return (
    <ResourceDetail<LeadForm>
      resource={leadFormResource}
      path={path}
      tabs={[
        { id: 'fields', label: 'Fields', render: (f) => <FieldsTab form={f} canWrite={canWrite} /> },
        { id: 'listings', label: 'Listings', render: (f) => <ListingsTab form={f} canWrite={canWrite} /> },
      ]}
      buttons={(f) =>
        canWrite && (
          <>
            <Button startIcon={<EditOutlinedIcon />} onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <SchemaFormDialog
              open={renaming}
              title="Rename lead form"
              submitLabel="Save"
              schema={Rename}
              defaults={{ name: f.name }}
              onClose={() => setRenaming(false)}
              onSubmit={async (body) => {
                await rename.mutateAsync(body);
                setRenaming(false);
                notify('success', `The form is now called ${String(body.name)}.`);
              }}
            />
          </>
        )
      }
      onDeleted={(f) => {
        notify('success', `Lead form ${f.name} was deleted.`);
        navigate(leadFormsPath());
      }}
    />
  );
}
