import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { AgreementFormCreate, agreementFormResource, type AgreementForm } from '@trellis/domain/partners/form';
import { useWrite } from '../../../api/useWrite.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import type { ListTab } from '../../../components/TabbedListPage.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { FORMS_PATH, formUrl } from './data.ts';

/**
 * The Forms tab of the partners page: the distributor's custom forms, and Create form (name and type; the fields are
 * built on the form's page). Vendors have no forms of their own: the tab is hidden for them (they read the forms of
 * their contracts from the contract).
 */
export function useFormsTab(): ListTab | null {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const create = useWrite<AgreementForm, Record<string, unknown>>(
    { method: 'POST', path: FORMS_PATH },
    { lists: [FORMS_PATH] },
  );
  if (auth.account.type === 'vendor') return null;
  const canCreate = allows(auth.permissions, agreementFormResource.module);

  return {
    actions: canCreate && (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
        Create form
      </Button>
    ),
    content: (
      <>
        <ResourceTable<AgreementForm>
          key="forms"
          resource={agreementFormResource}
          noun="forms"
          rowLink={(f) => formUrl(f.id)}
        />
        <SchemaFormDialog
          open={creating}
          title="Create form"
          submitLabel="Create"
          schema={AgreementFormCreate}
          defaults={{ type: 'enroll' }}
          intro="Name the form and say when partners fill it in; you add its fields next."
          onClose={() => setCreating(false)}
          onSubmit={async (body) => {
            const form = await create.mutateAsync(body);
            navigate(`${formUrl(form.id)}?tab=fields`, {
              state: { notice: { severity: 'success', content: `${form.name} was created as a draft.` } },
            });
          }}
        />
      </>
    ),
  };
}
