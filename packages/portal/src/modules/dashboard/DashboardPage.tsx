import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@trellis/domain/format/date';
import { chrome } from '../../app/chrome/store.ts';
import { usePageChrome } from '../../app/chrome/usePageChrome.ts';
import { findRoute, pathTo } from '../../app/routes.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { countedQuery, visibleCounters } from './counters.ts';
import { statisticsQuery } from './statistics.ts';

const REFRESH_MS = 30_000;

// The news is its own chunk (with the post schemas it reads): the counters do not wait for its code.
const LatestNews = lazy(() => import('./LatestNews.tsx').then((m) => ({ default: m.LatestNews })));

function humanize(name: string) {
  const s = name.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Counters of work waiting for the account, refreshed every 30 s while the page is open; then the partners' news. */
export default function DashboardPage() {
  const auth = useAuth();
  const stats = useQuery({
    ...statisticsQuery(auth.account.id),
    refetchInterval: () => (chrome.get().autoUpdateLocked ? false : REFRESH_MS),
  });
  usePageChrome(
    {
      title: `Welcome, ${auth.user?.name ?? auth.account.name}`,
      assistiveTitle: 'Dashboard',
      contentLoading: stats.isFetching,
    },
    [auth.user?.name, stats.isFetching],
  );
  const hour12 = auth.user?.timeformat === '12h';
  const counters = visibleCounters(stats.data, auth.account.type);

  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  return (
    <Box>
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
        {auth.account.name} · {auth.account.type === 'vendor' ? 'Vendor' : 'Provider'} account
      </Typography>
      {stats.isPending ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Box>
      ) : counters.length === 0 ? (
        <Card variant="outlined">
          <EmptyState icon={<TaskAltIcon />} title="Nothing is waiting for you">
            Counters of work that needs your attention (subscription requests, listing requests, usage files, cases …)
            show up here once those areas have something for this account.
          </EmptyState>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {counters.map(({ name, info, value }) => {
            const route = info?.route && findRoute(info.route);
            const body = (
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {info?.label ?? humanize(name)}
                </Typography>
                <Typography
                  variant="h3"
                  component="div"
                  sx={{ my: 1, fontWeight: 500, color: value.count ? 'primary.main' : 'text.secondary' }}
                >
                  {value.count}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {info?.hint}
                </Typography>
                {value.updated_at && (
                  <Typography variant="caption" color="text.secondary">
                    Updated {formatDate(value.updated_at, { hour12 })}
                  </Typography>
                )}
              </CardContent>
            );
            return (
              <Card key={name} variant="outlined" data-testid={`counter-${name}`}>
                {route ? (
                  <CardActionArea
                    component={RouterLink}
                    to={pathTo(route.name, { tab: info?.tab }) + countedQuery(info, auth.account.type)}
                  >
                    {body}
                  </CardActionArea>
                ) : (
                  body
                )}
              </Card>
            );
          })}
        </Box>
      )}
      <Suspense fallback={null}>
        <LatestNews />
      </Suspense>
    </Box>
  );
}
