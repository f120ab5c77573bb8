import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { truncate } from '@trellis/domain/format/truncate';
import { allows } from '@trellis/domain/identity/modules';
import { newsResource, type Post } from '@trellis/domain/news/post';
import { rql } from '@trellis/domain/rql/builder';
import { useList } from '../../api/hooks.ts';
import { pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';

/** How many posts the dashboard shows. */
export const LATEST_NEWS = 3;

/** The post's text as a teaser: its subtitle, else its markdown without the marks, cut per spec §9. */
export function teaser(p: Pick<Post, 'subtitle' | 'content'>): string {
  const text =
    p.subtitle.trim() ||
    p.content
      .replace(/[#>*_`~[\]()!|-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return truncate(text);
}

/** The partners' newest published posts, as compact cards; nothing when there are none or news is not granted. */
export function LatestNews() {
  const auth = useAuth();
  const granted = allows(auth.permissions, newsResource.module);
  const query = rql()
    .eq('status', 'published')
    .ne('creator.id', auth.account.id)
    .ordering('-events.published.at')
    .limit(LATEST_NEWS)
    .toString();
  const news = useList<Post>(newsResource.path, query, { enabled: granted });
  const posts = news.data?.items ?? [];
  if (!granted || !posts.length) return null;
  const hour12 = auth.user?.timeformat === '12h';
  return (
    <Box component="section" aria-labelledby="latest-news" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id="latest-news" variant="h6" component="h2">
          News
        </Typography>
        <Link component={RouterLink} to={pathTo('news', { tab: 'feed' })} variant="body2">
          All news
        </Link>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
        {posts.map((p) => (
          <Card key={p.id} variant="outlined" data-testid={`news-${p.id}`}>
            <CardActionArea component={RouterLink} to={pathTo('news.details', { id: p.id })} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="caption" color="text.secondary" component="div">
                  {p.creator.name}
                  {p.events.published?.at && ` · ${formatDate(p.events.published.at, { hour12 })}`}
                </Typography>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, my: 0.5 }}>
                  {truncate(p.title)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {teaser(p)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
