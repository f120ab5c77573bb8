import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { caseResource } from '@trellis/domain/helpdesk/case';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { TabbedListPage, type ListTab } from '../../components/TabbedListPage.tsx';
import { CasesTable } from './CasesTable.tsx';
import { HelpdeskSettingsTab } from './HelpdeskSettingsTab.tsx';
import { NewCaseDialog } from './NewCaseDialog.tsx';
import { casePath } from './paths.ts';
import type { CaseView } from './views.ts';

const VIEWS: CaseView[] = ['waiting', 'mine', 'theirs', 'closed'];

/**
 * Helpdesk: the account's cases with its partners — those waiting for the account, those the user handles, those
 * waiting for the partner, the closed ones — where a new case is raised; and the account's helpdesk settings.
 */
export default function HelpdeskPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const newCase = allows(auth.permissions, caseResource.module) ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New case
    </Button>
  ) : undefined;
  const tabs: Record<string, ListTab> = Object.fromEntries(
    VIEWS.map((view) => [view, { actions: newCase, content: <CasesTable key={view} view={view} /> }]),
  );
  tabs.settings = { content: <HelpdeskSettingsTab /> };
  return (
    <>
      <TabbedListPage route="helpdesk" tabs={tabs} />
      <NewCaseDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          notify('success', `Case ${c.id} was sent to ${c.receiver.account.name}.`);
          navigate(casePath(c.id));
        }}
      />
    </>
  );
}
