import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { AgreementFormUpdate, agreementFormResource, type AgreementForm } from '@trellis/domain/partners/form';
import { editRefusal, sideWrites } from '@trellis/domain/resource/define';
import { useGet } from '../../../api/hooks.ts';
import { useWrite } from '../../../api/useWrite.ts';
import { usePageChrome } from '../../../app/chrome/usePageChrome.ts';
import { notify, useNotice } from '../../../app/notices.ts';
import { pathTo } from '../../../app/routes.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { useViewer } from '../../../app/session/useViewer.ts';
import { CustomFormFields, useCustomForm } from '../../../components/CustomForm/index.ts';
import { SchemaFormDialog } from '../../../components/form/SchemaFormDialog.tsx';
import { ResourceDetail } from '../../../components/ResourceDetail.tsx';
import { FieldsTab } from './FieldsTab.tsx';
import { FORMS_PATH, formPath } from './data.ts';
import { FormVersionsTab } from './FormVersionsTab.tsx';

const LIST = pathTo('partners', { tab: 'forms' });

/** The form as a partner fills it in, checked with the shared validator: what the enroll dialog shows. */
function PreviewTab({ form }: { form: AgreementForm }) {
  const answers = useCustomForm(form.schema);
  const [valid, setValid] = useState<boolean | null>(null);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        This is the form partners fill in. Nothing you enter here is saved.
      </Alert>
      <CustomFormFields {...answers.fields} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2 }}>
        <Button variant="outlined" onClick={() => setValid(answers.check())}>
          Validate
        </Button>
        <Button
          onClick={() => {
            answers.reset();
            setValid(null);
          }}
        >
          Reset
        </Button>
        <div role="status" aria-live="polite">
          {valid === true && <Alert severity="success">All answers are valid.</Alert>}
          {valid === false && <Alert severity="error">Some answers need attention.</Alert>}
        </div>
      </Box>
    </Box>
  );
}

/** One custom form: details, its fields in the builder, the form as partners see it, and its versions. */
export default function FormDetailsPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const viewer = useViewer();
  const navigate = useNavigate();
  const path = formPath(id);
  const form = useGet<AgreementForm>(path).data; // the query ResourceDetail reads
  const [renaming, setRenaming] = useState(false);
  const update = useWrite<AgreementForm, Record<string, unknown>>(
    { method: 'PUT', path },
    { objects: [path], lists: [FORMS_PATH, `${path}/versions`] },
  );
  usePageChrome({ backRoute: LIST }, []);
  useNotice();
  const editable = (f: AgreementForm) =>
    allows(auth.permissions, agreementFormResource.module) &&
    sideWrites(agreementFormResource, viewer.side) &&
    !editRefusal(agreementFormResource, f, viewer);

  return (
    <>
      <ResourceDetail<AgreementForm>
        resource={agreementFormResource}
        path={path}
        title={(f) => f.name}
        buttons={(f) =>
          editable(f) ? (
            <Button variant="outlined" size="small" onClick={() => setRenaming(true)}>
              Edit
            </Button>
          ) : null
        }
        onDeleted={(f) =>
          navigate(LIST, { state: { notice: { severity: 'success', content: `${f.name} was deleted.` } } })
        }
        tabs={[
          { id: 'fields', label: 'Fields', render: (f) => <FieldsTab form={f} editable={editable(f)} /> },
          { id: 'preview', label: 'Preview', render: (f) => <PreviewTab key={f.version} form={f} /> },
          { id: 'versions', label: 'Versions', render: (f) => <FormVersionsTab formId={f.id} /> },
        ]}
      />
      <SchemaFormDialog
        open={renaming}
        title="Edit form"
        submitLabel="Save"
        schema={AgreementFormUpdate}
        defaults={{ name: form?.name ?? '', type: form?.type ?? 'enroll' }}
        onClose={() => setRenaming(false)}
        onSubmit={async (body) => {
          const saved = await update.mutateAsync(body);
          notify('success', saved.version === form?.version ? 'Nothing changed.' : `Saved: version ${saved.version}.`);
        }}
      />
    </>
  );
}
