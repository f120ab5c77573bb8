import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { allows } from '@trellis/domain/identity/modules';
import { newsResource, type Post } from '@trellis/domain/news/post';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { useViewer } from '../../app/session/useViewer.ts';
import { ResourceDetail } from '../../components/ResourceDetail.tsx';
import { NewsEditorDialog } from './NewsEditorDialog.tsx';
import { NewsVersionsTab } from './NewsVersionsTab.tsx';
import { PostContent } from './PostContent.tsx';
import { newsPath } from './paths.ts';

/**
 * One post: rendered as its readers see it, its details and published versions. Its author edits a draft (a
 * published post is moved to draft first); publish, move to draft and delete come from the declaration.
 */
export default function NewsPostPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const viewer = useViewer();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  usePageChrome({ backRoute: newsPath() }, []);
  const canEdit = (p: Post) =>
    allows(auth.permissions, newsResource.module) && !newsResource.machine?.editable?.(p, viewer);
  return (
    <ResourceDetail<Post>
      resource={newsResource}
      path={`${newsResource.path}/${id}`}
      title={(p) => p.title}
      details={{
        label: 'Post',
        before: (p) => (
          <Box sx={{ mb: 3 }}>
            {p.subtitle && (
              <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 1 }}>
                {p.subtitle}
              </Typography>
            )}
            <PostContent title={p.title} content={p.content} />
          </Box>
        ),
      }}
      tabs={[{ id: 'versions', label: 'Versions', render: (p) => <NewsVersionsTab post={p} /> }]}
      buttons={(p) =>
        canEdit(p) && (
          <>
            <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <NewsEditorDialog
              open={editing}
              post={p}
              onClose={() => setEditing(false)}
              onSaved={(saved) => {
                setEditing(false);
                notify('success', `${saved.title} is saved.`);
              }}
            />
          </>
        )
      }
      onDeleted={(p) => {
        notify('success', `${p.title} was deleted.`);
        navigate(newsPath('ours'));
      }}
    />
  );
}
