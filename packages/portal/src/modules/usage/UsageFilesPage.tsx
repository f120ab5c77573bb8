import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { USAGE_FILE_ID_PLACEHOLDER } from '@trellis/domain/format/constants';
import { allows } from '@trellis/domain/identity/modules';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { usageFileResource, type UsageFile } from '@trellis/domain/usage/file';
import type { NoticeState } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { TabbedListPage, type ListTab } from '../../components/TabbedListPage.tsx';
import { filePage } from './data.ts';
import { NewUsageFileDialog } from './files/NewUsageFileDialog.tsx';
import { USAGE_TAB_DECLS, USAGE_TAB_STATUSES } from './files/statusTabs.ts';
import { UsageRulesTab } from './rules/UsageRulesTab.tsx';

/**
 * Usage files by status group, one tab each (kept in the URL); the vendor starts a new file from any of them, the
 * provider keeps its usage rules in a tab of their own.
 */
export default function UsageFilesPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canCreate = auth.account.type === 'vendor' && allows(auth.permissions, usageFileResource.module);

  const dialog = canCreate && (
    <NewUsageFileDialog
      open={creating}
      accountId={auth.account.id}
      onClose={() => setCreating(false)}
      onCreated={(f) => {
        setCreating(false);
        navigate(filePage(f.id), {
          state: {
            notice: {
              severity: 'success',
              content: `Usage file ${f.id} was created: upload its spreadsheet, filled in from the product's template.`,
            },
          } satisfies NoticeState,
        });
      }}
    />
  );
  const actions = canCreate ? (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New usage file
    </Button>
  ) : undefined;

  const tabs: Record<string, ListTab> = Object.fromEntries(
    Object.entries(USAGE_TAB_STATUSES).map(([tab, statuses]) => {
      const base = statuses ? (q: RqlBuilder) => q.in('status', [...statuses]) : undefined;
      return [
        tab,
        {
          actions,
          content: (
            <>
              <ResourceTable<UsageFile>
                key={tab}
                resource={USAGE_TAB_DECLS[tab]}
                stateKey={`usage-files-${tab}`}
                base={base}
                noun="usage files"
                idPlaceholder={USAGE_FILE_ID_PLACEHOLDER}
                rowLink={(f) => filePage(f.id)}
              />
              {dialog}
            </>
          ),
        },
      ];
    }),
  );
  // the provider's rules for the files vendors submit to it
  if (auth.account.type === 'provider') tabs.rules = { content: <UsageRulesTab /> };
  return <TabbedListPage route="usages" tabs={tabs} />;
}
