import Typography from '@mui/material/Typography';
import { humanize } from '@trellis/domain/resource/machine';
import { FieldList } from '../../components/FieldList.tsx';

/** A structured answer (address, phone, checked options) in one line of its parts. */
export function answerText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map(answerText).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const checked = Object.entries(o).filter(([, on]) => on === true);
    if (checked.length && checked.length === Object.values(o).filter((x) => typeof x === 'boolean').length)
      return checked.map(([k]) => k).join(', ');
    if ('phone_number' in o)
      return [o.country_code, o.area_code, o.phone_number, o.extension && `ext. ${String(o.extension)}`]
        .filter(Boolean)
        .join(' ');
    return Object.values(o)
      .filter((x) => x !== null && x !== undefined && x !== '' && typeof x !== 'boolean')
      .map(String)
      .join(', ');
  }
  return String(v);
}

/** A lead's answers, by field name, as the visitor gave them. */
export function LeadAnswers({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data ?? {});
  if (!entries.length) return <Typography color="text.secondary">No answers.</Typography>;
  return (
    <FieldList
      items={entries.map(([k, v]) => ({
        label: humanize(k),
        value: <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answerText(v)}</span>,
      }))}
    />
  );
}
