import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { newsVersionResource, type Post, type PostVersion } from '@trellis/domain/news/post';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { PostContent } from './PostContent.tsx';

/** A post's published versions, newest first; each opens as its readers saw it. */
export function NewsVersionsTab({ post }: { post: Post }) {
  const [reading, setReading] = useState<PostVersion | null>(null);
  return (
    <>
      <ResourceTable<PostVersion>
        resource={newsVersionResource}
        path={`/news/${post.id}/versions`}
        stateKey="news-versions"
        noun="published versions"
        rowKey={(v) => String(v.version)}
        rowActions={(v) => (
          <Button size="small" onClick={() => setReading(v)}>
            Read
          </Button>
        )}
      />
      <Dialog open={!!reading} onClose={() => setReading(null)} fullWidth maxWidth="md">
        {reading && (
          <>
            <DialogTitle>
              {reading.title} · version {reading.version}
            </DialogTitle>
            <DialogContent>
              {reading.subtitle && (
                <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 1 }}>
                  {reading.subtitle}
                </Typography>
              )}
              <PostContent title={`Version ${reading.version}`} content={reading.content} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setReading(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
