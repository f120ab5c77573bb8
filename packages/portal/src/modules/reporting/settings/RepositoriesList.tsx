import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { reportRepositoryResource, type ReportsRepository } from '@trellis/domain/reporting/repository';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import { repositoryPagePath } from '../paths.ts';
import { usePollRepositories } from './repositories.ts';

/** The tags as chips: each version stands apart (the declared list kind joins them in one text). */
const tags = (r: ReportsRepository) => (
  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
    {r.tags.map((t) => (
      <Chip key={t} size="small" variant="outlined" label={t} />
    ))}
  </Box>
);

/**
 * The repositories report templates come from — the built-in one and the account's own — in the columns their
 * declaration lists, each to its page; refreshed while one is being configured.
 */
export function RepositoriesList() {
  usePollRepositories();
  return (
    <ResourceTable<ReportsRepository>
      resource={reportRepositoryResource}
      noun="report repositories"
      render={{ tags }}
      rowLink={(r) => repositoryPagePath(r.id)}
    />
  );
}
