/**
 * Percent display (spec §9): 0 → '0%'; 0 < n < 1 → '< 1%'; 99 < n < 100 → '> 99%'; 100 → '100%';
 * everything else (including exactly 99, negatives and > 100) with two decimals: '45.68%', '99.00%'.
 * Non-numeric input gives ''.
 */
export function formatPercent(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  if (n === 0) return '0%';
  if (n > 0 && n < 1) return '< 1%';
  if (n > 99 && n < 100) return '> 99%';
  if (n === 100) return '100%';
  return `${n.toFixed(2)}%`;
}
