import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RequestParam } from '@trellis/domain/fulfillment/common';
import { FieldList } from '../../../components/FieldList.tsx';
import { statusLabel } from '../../../components/StatusChip.tsx';

const PHASES = [
  { id: 'ordering', label: 'Ordering' },
  { id: 'fulfillment', label: 'Fulfillment' },
];

/** What a reader sees of a value: passwords hidden, structured values (address, phone, checkbox) in one line. */
export function shownValue(p: RequestParam): string {
  if (p.type === 'password') return p.value ? '••••••' : '';
  if (p.value !== null && p.value !== undefined && p.value !== '') return p.value;
  const s = p.structured_value;
  if (!s || typeof s !== 'object') return '';
  if (p.type === 'checkbox')
    return Object.entries(s as Record<string, unknown>)
      .filter(([, on]) => on === true)
      .map(([k]) => k)
      .join(', ');
  return Object.values(s as Record<string, unknown>)
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String)
    .join(', ');
}

/** Parameter values read-only, by phase, each with the error the vendor marked on it. */
export function ParamValues({ params }: { params: readonly RequestParam[] }) {
  const visible = params.filter((p) => !p.constraints?.hidden);
  if (!visible.length) return <Typography color="text.secondary">This configuration has no parameters.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {[
        ...PHASES,
        ...[...new Set(visible.map((p) => p.phase))]
          .filter((id) => !PHASES.some((k) => k.id === id))
          .map((id) => ({ id, label: statusLabel(id) })),
      ].map((phase) => {
        const own = visible.filter((p) => p.phase === phase.id);
        if (!own.length) return null;
        return (
          <Box key={phase.id} component="section" aria-label={`${phase.label} parameters`}>
            <Typography variant="overline" component="h3" color="text.secondary">
              {phase.label}
            </Typography>
            <FieldList
              items={own.map((p) => ({
                label: p.title || p.name,
                value: (
                  <>
                    {shownValue(p) || (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        Not set
                      </Box>
                    )}
                    {p.value_error && <Box sx={{ color: 'error.main', fontSize: 13 }}>{p.value_error}</Box>}
                  </>
                ),
              }))}
            />
          </Box>
        );
      })}
    </Box>
  );
}
