import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState.tsx';

/** Settings areas that have no configuration behind them yet say so plainly. */
export function NothingConfigured({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <EmptyState icon={icon} title={title}>{children}</EmptyState>
    </Card>
  );
}
