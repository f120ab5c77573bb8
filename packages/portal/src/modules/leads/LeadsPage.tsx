import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { allows } from '@trellis/domain/identity/modules';
import { LeadFormCreate, leadFormResource, type LeadForm } from '@trellis/domain/leads/lead-form';
import { leadRecordResource, type LeadRecord } from '@trellis/domain/leads/lead-record';
import { useWrite } from '../../api/useWrite.ts';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { TabbedListPage } from '../../components/TabbedListPage.tsx';
import { leadFormPath, leadPath } from './paths.ts';

const CreateForm = z.object({
  name: LeadFormCreate.shape.name,
  template: z.enum(['default', 'custom']).meta({
    title: 'Start from',
    labels: {
      default: 'The default fields: name, e-mail, company, phone, message',
      custom: 'No fields: build your own',
    },
  }),
});

/**
 * Leads: the leads visitors sent through the listings' public forms (the vendor qualifies or invalidates them; the
 * distributor reads those of its marketplaces), and, for vendors, the lead forms those listings use.
 */
export default function LeadsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const create = useWrite<LeadForm, Record<string, unknown>>({ method: 'POST', path: leadFormResource.path });
  const vendor = auth.account.type === 'vendor';
  const canWrite = vendor && allows(auth.permissions, leadFormResource.module);
  return (
    <TabbedListPage
      route="leads"
      tabs={{
        records: {
          content: (
            <ResourceTable<LeadRecord>
              key="records"
              resource={leadRecordResource}
              noun="leads"
              rowLink={(r) => leadPath(r.id)}
            />
          ),
        },
        forms: vendor
          ? {
              actions: canWrite ? (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                  Create lead form
                </Button>
              ) : undefined,
              content: (
                <>
                  <ResourceTable<LeadForm>
                    key="forms"
                    resource={leadFormResource}
                    noun="lead forms"
                    rowLink={(f) => leadFormPath(f.id)}
                  />
                  <SchemaFormDialog
                    open={creating}
                    title="Create lead form"
                    submitLabel="Create"
                    schema={CreateForm}
                    defaults={{ template: 'default' }}
                    intro="A new form starts inactive: edit its fields, activate it, then attach it to your listings."
                    onClose={() => setCreating(false)}
                    onSubmit={async (body) => {
                      const form = await create.mutateAsync(body);
                      setCreating(false);
                      notify('success', `Lead form ${form.name} (${form.id}) was created.`);
                      navigate(leadFormPath(form.id));
                    }}
                  />
                </>
              ),
            }
          : null,
      }}
    />
  );
}
