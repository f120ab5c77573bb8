import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  humanize,
  statusLabel as machineLabel,
  toneOf,
  type MachineDecl,
  type Tone,
} from '@trellis/domain/resource/machine';

// Chip colours with at least 4.5:1 contrast of text to background (WCAG AA for small text): dark text on a
// light tint of the tone, instead of white on the tone itself.
const COLORS: Record<Tone, { color: string; bg: string; border: string }> = {
  default: { color: '#37474f', bg: '#eceff1', border: '#cfd8dc' },
  info: { color: '#0d47a1', bg: '#e3f2fd', border: '#90caf9' },
  success: { color: '#1b5e20', bg: '#e8f5e9', border: '#a5d6a7' },
  warning: { color: '#7a3e00', bg: '#fff3e0', border: '#ffcc80' },
  error: { color: '#b71c1c', bg: '#ffebee', border: '#ef9a9a' },
};

/** 'tiers_setup' → 'Tiers setup'. */
export function statusLabel(status: string): string {
  return humanize(status.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase());
}

/** A status as a chip in its machine's tone (green = working, amber = waits for someone, red = failed). */
export function StatusChip({
  status,
  machine,
  size = 'small',
}: {
  status: string | null | undefined;
  machine?: MachineDecl;
  size?: 'small' | 'medium';
}) {
  if (!status) return null;
  const tone = machine?.statuses[status]?.tone ?? toneOf(status);
  return <ToneChip tone={tone} label={machine ? machineLabel(machine, status) : statusLabel(status)} size={size} />;
}

/**
 * A label as a chip in a tone, the way statuses show (service level zones use it too). With `name`, the chip reads
 * as one image of that name to assistive technology (and shows it as its tooltip): a short label spelled out.
 */
export function ToneChip({
  tone,
  label,
  name,
  size = 'small',
}: {
  tone: Tone;
  label: string;
  name?: string;
  size?: 'small' | 'medium';
}) {
  const c = COLORS[tone];
  return (
    <Chip
      size={size}
      label={label}
      {...(name && { role: 'img', 'aria-label': name, title: name })}
      sx={{ color: c.color, bgcolor: c.bg, border: `1px solid ${c.border}`, fontWeight: 500 }}
    />
  );
}

/** A request's title chips: its status, and its type as an outlined label. */
export function StatusTypeChips({ status, type, machine }: { status: string; type: string; machine?: MachineDecl }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <StatusChip status={status} machine={machine} />
      <Chip size="small" variant="outlined" label={statusLabel(type)} />
    </Box>
  );
}
