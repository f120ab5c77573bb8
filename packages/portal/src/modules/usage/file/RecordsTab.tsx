import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { usageRecordResource, type UsageRecord } from '@trellis/domain/usage/record';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import type { UsageFile } from '@trellis/domain/usage/file';

/** The file's records as declared; the provider closes an approved record (with its billing reference) in its row. */
export function RecordsTab({ file: f, provider }: { file: UsageFile; provider: boolean }) {
  const base = (q: RqlBuilder) => q.eq('usagefile.id', f.id);
  return (
    <ResourceTable<UsageRecord>
      key={`records-${f.id}`}
      resource={usageRecordResource}
      stateKey="usage-file-records"
      base={base}
      noun="records"
      rowActions={
        provider && f.status === 'accepted'
          ? (r) => <ActionBar resource={usageRecordResource} obj={r} path={`/usage/records/${r.id}`} />
          : undefined
      }
    />
  );
}
