import { sql } from 'kysely';
import type { Db } from '../../resources/engine.ts';

// The objects a conversation may be about, and their two parties: the accounts that read and write it. A new kind
// of object joins conversations with one entry here.

interface Subject {
  /** How its ids start. */
  prefix: string;
  table: string;
  /** The columns holding its two parties' account ids. */
  parties: [string, string];
  /** How a topic names it. */
  noun: string;
  /** The portal's path to the object's conversation (a mention e-mail's link); `:id` stands for its id. */
  portal: string;
}

const SUBJECTS: Subject[] = [
  {
    prefix: 'PR-',
    table: 'asset_requests',
    parties: ['vendor_id', 'provider_id'],
    noun: 'Request',
    portal: '/subscriptions/fulfillment/:id/conversation',
  },
  {
    prefix: 'TCR-',
    table: 'tier_config_requests',
    parties: ['vendor_id', 'provider_id'],
    noun: 'Tier config request',
    portal: '/tier-configs/requests/:id/conversation',
  },
  {
    prefix: 'LSTR-',
    table: 'listing_requests',
    parties: ['account_id', 'provider_id'],
    noun: 'Listing request',
    portal: '/listings/requests/:id?tab=conversation',
  },
  {
    prefix: 'CT-',
    table: 'contracts',
    parties: ['owner_id', 'account_id'],
    noun: 'Contract',
    portal: '/partners/contracts/:id?tab=conversation',
  },
  {
    prefix: 'CA-',
    table: 'helpdesk_cases',
    parties: ['issuer_account_id', 'receiver_account_id'],
    noun: 'Case',
    portal: '/helpdesk/cases/:id',
  },
];

export interface SubjectParties {
  noun: string;
  /** Account ids: the two parties, distinct. */
  accounts: string[];
}

/** The parties of an object a conversation may be about, or null when there is no such object. */
export async function subjectParties(db: Db, instanceId: string): Promise<SubjectParties | null> {
  const subject = SUBJECTS.find((s) => instanceId.startsWith(s.prefix));
  if (!subject) return null;
  const [a, b] = subject.parties;
  const { rows } = await sql<{ a: string; b: string }>`select ${sql.ref(a)} as a, ${sql.ref(b)} as b
    from ${sql.table(subject.table)} where id = ${instanceId}`.execute(db);
  if (!rows.length) return null;
  return { noun: subject.noun, accounts: [...new Set([rows[0].a, rows[0].b])] };
}

/** The portal's path to the conversation about an object (its page, on the conversation tab); null for no known kind. */
export function subjectPortalPath(instanceId: string): string | null {
  const subject = SUBJECTS.find((s) => instanceId.startsWith(s.prefix));
  return subject ? subject.portal.replace(':id', encodeURIComponent(instanceId)) : null;
}
