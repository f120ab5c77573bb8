import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineMachine, defineResource, statusTones } from '../resource/index.ts';
import * as rules from '../validation/rules.ts';
import { zDomain, zOptionalString, zRequiredString } from '../validation/zod.ts';
import { EventAt, Ref } from './common.ts';
import { IdpReference } from './idp.ts';
import { AccountUser } from './user.ts';

// A DNS domain an account owns (reference auth.DomainAccount and branding.Domain, one object for both). Ownership is
// proven by a TXT record holding the domain's token; the sso work links a verified domain to an identity provider
// (`auth`), the branding work shows the same list.

export const DOMAIN_MODULE = 'MD-0001';
/** Stored statuses; pending → verified / failed / rejected, failed → pending again (retry), any → deleted. */
export const DOMAIN_STATUSES = ['pending', 'verified', 'failed', 'rejected', 'deleted'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
/** Spec §4: failed and verified count as concluded (a verification ran and gave its answer). */
export const CONCLUDED_DOMAIN_STATUSES: readonly DomainStatus[] = ['verified', 'failed'];
export const isDomainConcluded = (d: { status: string }) =>
  (CONCLUDED_DOMAIN_STATUSES as readonly string[]).includes(d.status);

/**
 * Where the proof goes (the account settings' `domain.verification`): a TXT record named `<name>.<domain>` whose
 * value is `<prefix><token>`.
 */
export const DOMAIN_VERIFICATION = { name: '_trellis-verification', type: 'TXT', prefix: 'trellis-verification=' };

/** The record a domain's owner publishes: name, type and value, as the portal shows them to copy. */
export function verificationRecord(d: { domain: string; token: string }) {
  return {
    name: `${DOMAIN_VERIFICATION.name}.${d.domain}`,
    type: DOMAIN_VERIFICATION.type,
    value: `${DOMAIN_VERIFICATION.prefix}${d.token}`,
  };
}

/** A domain name as stored: trimmed, lower case, internationalised names in their ASCII (punycode) form. */
export function canonicalDomain(value: string): string {
  const v = value.trim().replace(/\.$/, '').toLowerCase();
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(v) ? v : new URL(`http://${v}`).hostname;
}

const ReasonedEvent = EventAt.extend({ reason: z.string().optional() });

export const Domain = z.object({
  id: z.string(),
  /** The domain name again (auth.DomainAccount has both `name` and `domain`); a label the owner may change. */
  name: z.string(),
  domain: z.string(),
  description: z.string(),
  /** branding.Domain: every domain here is the account's own (`custom`); `built_in` are the installation's hosts. */
  type: z.enum(['built_in', 'custom']),
  token: z.string(),
  verification: z.object({ name: z.string(), type: z.string(), value: z.string() }),
  status: z.enum(DOMAIN_STATUSES),
  owner: Ref,
  /** auth.DomainAuthRead: the identity provider its users sign in with; `enforce` forbids password sign-in. */
  auth: z.object({ idp: IdpReference, enforce: z.boolean() }).optional(),
  events: z.record(z.string(), ReasonedEvent),
});
export type Domain = z.infer<typeof Domain>;

export const DomainCreate = z.object({
  domain: zDomain().meta({ title: 'Domain', description: 'A domain your organisation owns, e.g. example.com' }),
  name: zOptionalString((v) => rules.maxLength(v, 128)),
  description: zOptionalString((v) => rules.maxLength(v, 512)).meta({ title: 'Description', multiline: true }),
});
export type DomainCreate = z.infer<typeof DomainCreate>;

/** auth.DomainAuthWrite: link a verified domain to one of the account's identity providers; null unlinks. */
export const DomainAuthWrite = z.object({
  idp: z.object({ id: zRequiredString() }),
  enforce: z.boolean().optional(),
});
export type DomainAuthWrite = z.infer<typeof DomainAuthWrite>;

/** auth.DomainUpdate (name, description, the identity provider link `auth`). */
export const DomainUpdate = z.object({
  name: zOptionalString((v) => rules.maxLength(v, 128)).meta({ title: 'Name' }),
  description: zOptionalString((v) => rules.maxLength(v, 512)).meta({ title: 'Description', multiline: true }),
  auth: DomainAuthWrite.nullish(),
});
export type DomainUpdate = z.infer<typeof DomainUpdate>;

const reasonOf = (d: Domain) => d.events[d.status]?.reason;

export const domainMachine = defineMachine<Domain>({
  statuses: {
    ...statusTones(DOMAIN_STATUSES),
    pending: { tone: 'info' },
    verified: { tone: 'success' },
    failed: { tone: 'error' },
    rejected: { tone: 'error' },
    deleted: { tone: 'default' },
  },
  actions: {
    // the handler looks the record up and sets verified, failed or rejected with its reason
    verify: {
      label: 'Verify',
      from: ['pending'],
      form: false,
      done: (d) =>
        d.status === 'verified'
          ? `${d.domain} is verified.`
          : `The verification of ${d.domain} ${d.status === 'rejected' ? 'was rejected' : 'failed'}: ${reasonOf(d) ?? 'no reason given'}`,
    },
    // a failed check is concluded, but the owner may fix the record and ask again (same token)
    retry: {
      label: 'Try again',
      from: ['failed'],
      to: 'pending',
      event: 'pended',
      form: false,
      done: (d) => `${d.domain} is pending again: publish the record, then verify.`,
    },
  },
  editable: (d) => (d.status === 'deleted' ? { kind: 'status', message: 'A deleted domain cannot be changed.' } : null),
  deletable: (d) => (d.status === 'deleted' ? { kind: 'status', message: 'The domain is already deleted.' } : null),
});

export const domainResource = defineResource({
  name: 'domain',
  title: 'Domain',
  path: '/domains',
  module: DOMAIN_MODULE,
  schema: Domain,
  create: DomainCreate,
  update: DomainUpdate,
  remove: true,
  removal: {
    label: 'Delete',
    confirm: (d: Domain) =>
      `Delete ${d.domain}? Its users keep their accounts; the domain's verification is lost and must be done again.`,
    done: (d: Domain) => `${d.domain} was deleted.`,
  },
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    domain: { type: 'string', ops: TEXT_OPS },
    description: { type: 'string', ops: TEXT_OPS },
    status: { type: 'string', ops: ENUM_OPS, options: DOMAIN_STATUSES },
    type: { type: 'string', ops: ENUM_OPS, options: ['built_in', 'custom'] },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['domain', 'status', 'events.created.at'],
  defaultOrdering: 'domain',
  search: ['id', 'domain', 'name'],
  machine: domainMachine,
  fields: {
    id: { label: 'ID', kind: 'id' },
    domain: { label: 'Domain', kind: 'text' },
    name: { label: 'Name', kind: 'text' },
    description: { label: 'Description', kind: 'multiline', hideEmpty: true },
    status: { label: 'Status', kind: 'status' },
    'events.created.at': { label: 'Added', kind: 'date' },
    'events.verified.at': { label: 'Verified', kind: 'date', hideEmpty: true },
    'auth.idp': { label: 'Identity provider', kind: 'ref', route: 'idp', empty: 'Password', hideEmpty: true },
    'auth.enforce': { label: 'Single sign-on enforced', kind: 'bool', hideEmpty: true },
  },
  list: { columns: ['domain', 'status', 'events.created.at'], phone: ['domain', 'status'], filters: ['status'] },
  detail: {
    fields: ['id', 'domain', 'name', 'description', 'status', 'auth.idp', 'auth.enforce', 'events.verified.at'],
  },
});

/**
 * A member of the account whose e-mail is at one of its verified domains (reference auth.User with `domain`);
 * `auth` (auth.DomainAuthRead) is its own identity provider when one was set (PUT /domains/{id}/users/{pk}).
 */
export const DomainUser = AccountUser.extend({
  domain: z.object({ id: z.string(), name: z.string() }),
  auth: z.object({ idp: IdpReference, enforce: z.boolean() }).optional(),
});
export type DomainUser = z.infer<typeof DomainUser>;

/** auth.DomainUserUpdate: the user's own identity provider (null: the domain's). */
export const DomainUserUpdate = z.object({ idp: z.object({ id: zRequiredString() }).nullable() });
export type DomainUserUpdate = z.infer<typeof DomainUserUpdate>;

/** /domains/{id}/users: the account's joined members whose e-mail is at the domain, once it is verified. */
export const domainUserResource = defineResource({
  name: 'domain-user',
  title: 'Domain user',
  path: '/domains/:domainId/users',
  module: DOMAIN_MODULE,
  schema: DomainUser,
  update: DomainUserUpdate,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    name: { type: 'string', ops: TEXT_OPS },
    email: { type: 'string', ops: TEXT_OPS },
  },
  ordering: ['id', 'name', 'email'],
  defaultOrdering: 'name',
  search: ['id', 'name', 'email'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    name: { label: 'Name', kind: 'text' },
    email: { label: 'E-mail', kind: 'text' },
  },
  list: { columns: ['id', 'name', 'email'], phone: ['name', 'email'] },
  detail: { fields: ['id', 'name', 'email'] },
});
