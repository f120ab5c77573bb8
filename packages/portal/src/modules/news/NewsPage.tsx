import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { allows } from '@trellis/domain/identity/modules';
import { newsResource, type Post } from '@trellis/domain/news/post';
import { notify } from '../../app/notices.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { ResourceTable } from '../../components/ResourceTable/ResourceTable.tsx';
import { TabbedListPage } from '../../components/TabbedListPage.tsx';
import { NewsEditorDialog } from './NewsEditorDialog.tsx';
import { newsPostPath } from './paths.ts';

const published = (q: RqlBuilder) => q.eq('status', 'published');

/**
 * News: the posts partners published for this account (and its own published ones), newest first; and the account's
 * own posts, drafts included, where a new one is written.
 */
export default function NewsPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [writing, setWriting] = useState(false);
  const canWrite = allows(auth.permissions, newsResource.module);
  const open = (p: Post) => newsPostPath(p.id);
  return (
    <TabbedListPage
      route="news"
      tabs={{
        feed: {
          content: (
            <ResourceTable<Post> key="feed" resource={newsResource} noun="news" base={published} rowLink={open} />
          ),
        },
        ours: {
          actions: canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setWriting(true)}>
              Write news post
            </Button>
          ) : undefined,
          content: (
            <>
              <OwnPosts accountId={auth.account.id} />
              <NewsEditorDialog
                open={writing}
                onClose={() => setWriting(false)}
                onSaved={(p) => {
                  setWriting(false);
                  notify('success', `${p.title} is saved as a draft: publish it when it is ready.`);
                  navigate(newsPostPath(p.id));
                }}
              />
            </>
          ),
        },
      }}
    />
  );
}

function OwnPosts({ accountId }: { accountId: string }) {
  const [ours] = useState(() => (q: RqlBuilder) => q.eq('creator.id', accountId));
  return (
    <ResourceTable<Post>
      key="ours"
      resource={newsResource}
      noun="posts of yours"
      stateKey="news-ours"
      base={ours}
      rowLink={(p) => newsPostPath(p.id)}
    />
  );
}
