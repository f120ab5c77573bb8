import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { BarChart, type BarSeries } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@trellis/domain/format/date';
import type { RqlBuilder } from '@trellis/domain/rql/builder';
import { usageAggregateResource, type UsageAggregate } from '@trellis/domain/usage/aggregate';
import { listAll } from '../../../api/list.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ResourceTable } from '../../../components/ResourceTable/ResourceTable.tsx';

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 10 });

export interface UsageSeries {
  /** Month labels (UTC calendar months, the aggregates' periods), oldest first. */
  months: string[];
  series: BarSeries[];
}

/** The chart's data: one pair of series (reported, accepted) per item, a value for every month (0 when none). */
export function usageSeries(aggregates: readonly UsageAggregate[]): UsageSeries {
  const starts = [...new Set(aggregates.map((a) => a.period.from))].sort();
  const items = new Map<string, UsageAggregate['item']>();
  for (const a of aggregates) if (!items.has(a.item.id)) items.set(a.item.id, a.item);
  const sum = (itemId: string, month: string, key: 'consumed' | 'accepted') =>
    aggregates.filter((a) => a.item.id === itemId && a.period.from === month).reduce((n, a) => n + a[key], 0);
  const series = [...items.values()].flatMap((item) => {
    const unit = item.unit ? ` ${item.unit}` : '';
    const format = (v: number | null) => (v === null ? '' : `${number(v)}${unit}`);
    return (['consumed', 'accepted'] as const).map((key): BarSeries => ({
      id: `${item.id}-${key}`,
      label: `${item.name}: ${key === 'consumed' ? 'reported' : 'accepted'}`,
      data: starts.map((m) => sum(item.id, m, key)),
      valueFormatter: format,
    }));
  });
  return { months: starts.map(monthOf), series };
}

/** An aggregate's month ('Nov 2026'): a UTC calendar month, whatever the reader's zone. */
export const monthOf = (start: string) => formatDate(start, { format: 'MMM YYYY', timeZone: 'UTC' });

/**
 * A subscription's usage over time (GET /usage/aggregates of the asset): for each pay-per-use item, what the vendor
 * reported and what the provider accepted per month, as a bar chart and the table of the same numbers.
 */
export default function SubscriptionUsage({ assetId }: { assetId: string }) {
  const path = usageAggregateResource.path;
  const aggregates = useQuery({
    queryKey: ['list', path, 'asset', assetId],
    queryFn: ({ signal }) => listAll<UsageAggregate>(path, `eq(asset.id,${assetId})&ordering(period.from)`, signal),
  });
  if (aggregates.isError) return <ErrorState error={aggregates.error} onRetry={() => void aggregates.refetch()} />;
  if (!aggregates.data) return <Skeleton variant="rounded" height={300} />;
  if (!aggregates.data.length)
    return (
      <EmptyState icon={<QueryStatsIcon />} title="No usage reported">
        Usage of this subscription’s pay-per-use items shows here by month, once the vendor reports it in a usage file.
      </EmptyState>
    );
  const { months, series } = usageSeries(aggregates.data);
  const base = (q: RqlBuilder) => q.eq('asset.id', assetId);
  return (
    <Box>
      <Typography component="h2" variant="subtitle2" sx={{ color: 'text.secondary' }} id="usage-chart-title">
        Usage per month: reported by the vendor, accepted by the provider
      </Typography>
      <Box role="figure" aria-labelledby="usage-chart-title" data-testid="usage-chart">
        <BarChart
          height={300}
          xAxis={[{ scaleType: 'band', data: months }]}
          series={series}
          margin={{ left: 8, right: 8 }}
        />
      </Box>
      <Box sx={{ mt: 3 }}>
        <ResourceTable<UsageAggregate>
          resource={usageAggregateResource}
          stateKey="subscription-usage"
          base={base}
          noun="usage months"
          render={{ 'period.from': (a) => monthOf(a.period.from) }}
        />
      </Box>
    </Box>
  );
}
