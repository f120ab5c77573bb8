import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatDate } from '@trellis/domain/format/date';
import { useGet } from '../../../api/hooks.ts';
import { useHour12 } from '../../../app/session/useViewer.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { STATUS_CLASSES, dailyBars, type DayBar, type TokenAggregate, type TokenSummary } from './statsData.ts';

const DAYS = 30;

/**
 * Calls per day as stacked bars, drawn as a small SVG (one chart does not justify a chart library in the bundle). The
 * bars stretch to the width; the scale and the dates are text beside them, so they read the same on a phone. The
 * numbers are in the table below (and in the image's label for screen readers).
 */
function CallsChart({ bars }: { bars: DayBar[] }) {
  const theme = useTheme();
  const colors = {
    success: theme.palette.success.main,
    client: theme.palette.warning.main,
    server: theme.palette.error.main,
  };
  const height = 100;
  const max = Math.max(1, ...bars.map((b) => b.total));
  const total = bars.reduce((n, b) => n + b.total, 0);
  const label = (b: DayBar | undefined) => (b ? b.date.slice(5) : '');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, fontSize: 12, color: 'text.secondary' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', textAlign: 'right' }}>
        <span>{max}</span>
        <span>0</span>
      </Box>
      <Box
        component="svg"
        viewBox={`0 0 ${bars.length} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Calls per day over the last ${bars.length} days: ${total} in all, at most ${max} a day.`}
        sx={{ width: '100%', height: 160, display: 'block', borderBottom: 1, borderColor: 'divider' }}
      >
        {bars.map((b, i) => {
          let base = height;
          return (
            <g key={b.date}>
              <title>{`${b.date}: ${b.total} calls (${b.success} succeeded, ${b.client} refused, ${b.server} failed)`}</title>
              {STATUS_CLASSES.map(({ id }) => {
                const h = (height * b[id]) / max;
                base -= h;
                return h > 0 ? <rect key={id} x={i + 0.15} y={base} width={0.7} height={h} fill={colors[id]} /> : null;
              })}
            </g>
          );
        })}
      </Box>
      <span />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', pt: 0.5 }}>
        <span>{label(bars[0])}</span>
        <span>{label(bars[Math.floor(bars.length / 2)])}</span>
        <span>{label(bars[bars.length - 1])}</span>
      </Box>
    </Box>
  );
}

/** A token's calls: totals by status (since the last key rotation too) and the last 30 days per day. */
export function TokenStatistics({ tokenId }: { tokenId: string }) {
  const hour12 = useHour12();
  const summary = useGet<TokenSummary>(`/statistics/tokens/${tokenId}/summary`);
  const aggregates = useGet<TokenAggregate[]>(`/statistics/tokens/${tokenId}/aggregates`);
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  if (aggregates.isError) return <ErrorState error={aggregates.error} onRetry={() => void aggregates.refetch()} />;
  if (!summary.data || !aggregates.data) return <Skeleton variant="rectangular" height={200} />;
  if (!summary.data.statuses.length)
    return (
      <EmptyState title="No calls yet">
        Calls made with this token are counted here (within a few seconds of being made).
      </EmptyState>
    );
  const bars = dailyBars(aggregates.data, DAYS);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Calls per day, last {DAYS} days (UTC)
        </Typography>
        <CallsChart bars={bars} />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          {STATUS_CLASSES.map((c) => (
            <Typography key={c.id} variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box
                component="span"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: 0.5,
                  bgcolor: c.id === 'success' ? 'success.main' : c.id === 'client' ? 'warning.main' : 'error.main',
                }}
              />
              {c.label}
            </Typography>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Calls by status
          {summary.data.started_tracking_at && ` since ${formatDate(summary.data.started_tracking_at, { hour12 })}`}
        </Typography>
        <Table size="small" aria-label="Calls by status">
          <TableHead>
            <TableRow>
              <TableCell>Status</TableCell>
              <TableCell align="right">In total</TableCell>
              <TableCell align="right">Since the key was last rotated</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.data.statuses.map((s) => (
              <TableRow key={s.code}>
                <TableCell>{s.code}</TableCell>
                <TableCell align="right">{s.total}</TableCell>
                <TableCell align="right">{s.since_last_reset}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
