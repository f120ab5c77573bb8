import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { SLO_ZONE_LABELS, SLO_ZONE_TONES, timeLeft, type Zone } from '@trellis/domain/slm/zones';
import type { ObjectSli } from '@trellis/domain/slm/sli';
import { ToneChip } from './StatusChip.tsx';

/**
 * What a service level chip says: the zone and the time left in it ("Yellow · 1 d 4 h left"), or, in a last zone
 * that does not end, how long the object has waited ("Red · 3 days"). `short` (phones) drops the words around the
 * numbers; `name` spells it out for assistive technology and the tooltip.
 */
export function sliText(sli: ObjectSli, now: Date, short = false): { label: string; name: string } {
  const zone = SLO_ZONE_LABELS[sli.zone as Zone] ?? `Zone ${sli.zone}`;
  if (sli.until) {
    const left = timeLeft(sli.until, now);
    if (left === 'due') return { label: `${zone} · due`, name: `SLA zone ${zone}, due now` };
    return { label: `${zone} · ${left}${short ? '' : ' left'}`, name: `SLA zone ${zone}, ${left} left` };
  }
  if (sli.days < 1) return { label: zone, name: `SLA zone ${zone}, waiting under a day` };
  const days = sli.days === 1 ? '1 day' : `${sli.days} days`;
  return { label: `${zone} · ${short ? `${sli.days} d` : days}`, name: `SLA zone ${zone}, waiting ${days}` };
}

/**
 * An object's service level zone as a chip in the zone's tone (green, amber, red), with the time left; in a list cell
 * (`dense`) on a phone, in its short form.
 */
export function SliChip({ sli, dense, now }: { sli: ObjectSli; dense?: boolean; now?: Date }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { label, name } = sliText(sli, now ?? new Date(), !!dense && phone);
  return <ToneChip tone={SLO_ZONE_TONES[sli.zone as Zone] ?? 'default'} label={label} name={name} />;
}
