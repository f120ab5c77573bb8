import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { reportRepositoryResource, type ReportsRepository } from '@trellis/domain/reporting/repository';
import { ResourceTable, type Column } from '../../../components/ResourceTable/ResourceTable.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { repositoryPagePath } from '../paths.ts';
import { usePollRepositories } from './repositories.ts';

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
  { field: 'owner.name', label: 'Owner', sortable: false, render: (r) => r.owner.name },
  {
    field: 'status',
    label: 'Status',
    render: (r) => <StatusChip status={r.status} machine={reportRepositoryResource.machine} />,
  },
];
/** A phone shows what tells the repositories apart and whether they work. */
const PHONE = new Set(['name', 'status']);

/**
 * The repositories report templates come from — the built-in one and the account's own — with their tags
 * (versions), each to its page; refreshed while one is being configured.
 */
export function RepositoriesList() {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  usePollRepositories();
  return (
    <ResourceTable<ReportsRepository>
      resource={reportRepositoryResource}
      noun="report repositories"
      columns={phone ? COLUMNS.filter((c) => PHONE.has(c.field)) : COLUMNS}
      rowLink={(r) => repositoryPagePath(r.id)}
    />
  );
}
