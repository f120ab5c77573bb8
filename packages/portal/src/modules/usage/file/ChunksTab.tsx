import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { usageChunkResource, type UsageChunk } from '@trellis/domain/usage/chunk';
import { ActionBar } from '../../../components/actions/ActionBar.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';
import type { UsageFile } from '@trellis/domain/usage/file';
import { chunkDownload } from '../data.ts';

/** An accepted file's chunks (one per hub), each with its spreadsheet and the actions its machine offers. */
export function ChunksTab({ file: f }: { file: UsageFile }) {
  const base = (q: RqlBuilder) => q.eq('usagefile.id', f.id);
  return (
    <ResourceTable<UsageChunk>
      key={`chunks-${f.id}`}
      resource={usageChunkResource}
      stateKey="usage-file-chunks"
      base={base}
      noun="chunks"
      rowActions={(c) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Button
            size="small"
            startIcon={<FileDownloadIcon />}
            href={chunkDownload(c.id)}
            download
            aria-label={`Download ${c.id}`}
          >
            Download
          </Button>
          <ActionBar resource={usageChunkResource} obj={c} path={`/usage/chunks/${c.id}`} />
        </Box>
      )}
    />
  );
}
