import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { reportRepositoryResource, type ReportsRepository } from '@trellis/domain/reporting/repository';
import { ResourceTable, type Column } from '../../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';

const COLUMNS: Column<ReportsRepository>[] = [
  { field: 'name', label: 'Name', render: (r) => r.name ?? r.id },
  { field: 'description', label: 'Description', sortable: false, render: (r) => r.description ?? '' },
  {
    field: 'tags',
    label: 'Tags',
    sortable: false,
    render: (r) => (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {r.tags.map((t) => (
          <Chip key={t} size="small" variant="outlined" label={t} />
        ))}
      </Box>
    ),
  },
  { field: 'stats.templates_count', label: 'Templates', sortable: false, render: (r) => r.stats.templates_count },
  {
    field: 'status',
    label: 'Status',
    render: (r) => <StatusChip status={r.status} machine={reportRepositoryResource.machine} />,
  },
];

/** The repositories report templates come from, with their tags (versions). */
export function RepositoriesList() {
  return (
    <ResourceTable<ReportsRepository>
      resource={reportRepositoryResource}
      noun="report repositories"
      columns={COLUMNS}
    />
  );
}
