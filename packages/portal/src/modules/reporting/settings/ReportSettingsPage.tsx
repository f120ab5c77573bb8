import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { reportRepositoryResource } from '@trellis/domain/reporting/repository';
import type { NoticeState } from '../../../app/notices.ts';
import { useAuth } from '../../../app/session/SessionProvider.tsx';
import { TabbedListPage } from '../../../components/TabbedListPage.tsx';
import { repositoryPagePath } from '../paths.ts';
import { RepositoriesList } from './RepositoriesList.tsx';
import { RepositoryUploadDialog } from './RepositoryUploadDialog.tsx';
import { TemplatesList } from './TemplatesList.tsx';

/** Settings › Reports (spec §2): the report templates, and the repositories they come from, where one is added. */
export default function ReportSettingsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const canWrite = allows(auth.permissions, reportRepositoryResource.module);
  return (
    <TabbedListPage
      route="settings.reports"
      tabs={{
        templates: { content: <TemplatesList /> },
        repositories: {
          actions: canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add repository
            </Button>
          ) : undefined,
          content: (
            <>
              <RepositoriesList />
              <RepositoryUploadDialog
                open={adding}
                onClose={() => setAdding(false)}
                onSaved={(r) => {
                  setAdding(false);
                  navigate(repositoryPagePath(r.id), {
                    state: {
                      notice: {
                        severity: 'success',
                        content: `${r.name ?? r.id} is uploaded; its code is being checked.`,
                      },
                    } satisfies NoticeState,
                  });
                }}
              />
            </>
          ),
        },
      }}
    />
  );
}
