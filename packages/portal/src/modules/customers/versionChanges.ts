import type { TierAccount } from '@trellis/domain/customers/tier-account';
import { statusLabel } from '../../components/StatusChip.tsx';
import { formatPhone, tierLabel } from './data.ts';

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

type Reader = (a: TierAccount) => string | null | undefined;

/** What a person reading the history cares about, in screen order. */
const FIELDS: [string, Reader][] = [
  ['Name', (a) => a.name],
  ['Status', (a) => statusLabel(a.status)],
  ['Tier', (a) => tierLabel(a)],
  ['Parent', (a) => (a.parent ? `${a.parent.name ?? ''} (${a.parent.id})` : null)],
  ['External UID', (a) => a.external_uid],
  ['External ID', (a) => a.external_id],
  ['Tax ID', (a) => a.tax_id],
  ['Environment', (a) => a.environment],
  ['Address line 1', (a) => a.contact_info.address_line1],
  ['Address line 2', (a) => a.contact_info.address_line2],
  ['City', (a) => a.contact_info.city],
  ['State / region', (a) => a.contact_info.state],
  ['Postal code', (a) => a.contact_info.postal_code],
  ['Country', (a) => a.contact_info.country],
  ['First name', (a) => a.contact_info.contact.first_name],
  ['Last name', (a) => a.contact_info.contact.last_name],
  ['E-mail', (a) => a.contact_info.contact.email],
  ['Phone', (a) => formatPhone(a.contact_info.contact.phone_number)],
];

const shown = (v: string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The fields that differ between two versions of a tier account ('' stands for empty). */
export function versionChanges(before: TierAccount, after: TierAccount): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, read] of FIELDS) {
    const b = shown(read(before));
    const a = shown(read(after));
    if (a !== b) out.push({ field, before: b, after: a });
  }
  return out;
}
