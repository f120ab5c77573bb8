import { z } from 'zod';
import { defineMachine, defineResource, roteFilters, filterOf, statusTones } from '../resource/index.ts';
import * as rules from '../validation/rules.ts';
import { zAccountName, zDateTime, zEmail, zOptionalString, zRequiredString } from '../validation/zod.ts';
import { zPasswordRules } from '../validation/password.ts';
import { ACCOUNT_ROLE_LABELS, ACCOUNT_TYPE_LABELS } from './account.ts';
import { Events, Ref } from './common.ts';

// An account invites a new account (spec §7 `POST /accounts?code=`): the invitation carries an e-mail, the kind of
// account to open and an expiry; a one-time code is e-mailed, and whoever signs up with it opens an account that
// the inviting account manages (accounts.parent_id): it inherits the parent's brand, and the parent's admins holding
// the impersonation module may log in as its users. The reference has no such object; its shape follows the
// reference's invitations (eaas.Invitation: id, status, events.created/accepted).

export const ACCOUNT_INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type AccountInvitationStatus = (typeof ACCOUNT_INVITATION_STATUSES)[number];
/** An invitation without an expiry given works this long. */
export const ACCOUNT_INVITATION_DAYS = 14;
/** …and at most this long. */
export const ACCOUNT_INVITATION_MAX_DAYS = 90;
export const ACCOUNT_INVITATION_TYPES = ['vendor', 'provider'] as const;
export const PROVIDER_ROLES = ['distributor', 'reseller'] as const;

export const AccountInvitation = z.object({
  id: z.string(),
  email: z.string(),
  /** The kind of account the invitee opens. */
  type: z.enum(ACCOUNT_INVITATION_TYPES),
  /** A provider's role (distributor or reseller); `vendor` for a vendor. */
  role: z.string(),
  /** A note to the invitee, sent in the e-mail. */
  message: z.string().nullable().optional(),
  status: z.enum(ACCOUNT_INVITATION_STATUSES),
  expiration_date: z.string(),
  /** The inviting account (the parent of the account opened with it). */
  owner: Ref,
  /** The account opened with it, once accepted. */
  account: Ref.optional(),
  events: Events,
});
export type AccountInvitation = z.infer<typeof AccountInvitation>;

const futureDate = () =>
  zDateTime({
    message: 'Must be a date-time with a time zone, e.g. 2030-01-31T00:00:00Z',
    future: 'Must be in the future',
  }).refine((v) => new Date(v).getTime() <= Date.now() + ACCOUNT_INVITATION_MAX_DAYS * 86_400_000, {
    message: `Must be at most ${ACCOUNT_INVITATION_MAX_DAYS} days ahead`,
  });

export const AccountInvitationCreate = z
  .object({
    email: zEmail().meta({ title: 'E-mail' }),
    type: z
      .enum(ACCOUNT_INVITATION_TYPES, { error: `type must be one of ${ACCOUNT_INVITATION_TYPES.join(', ')}` })
      .meta({ title: 'Account type', labels: ACCOUNT_TYPE_LABELS }),
    role: z
      .enum(PROVIDER_ROLES, { error: `role must be one of ${PROVIDER_ROLES.join(', ')}` })
      .optional()
      .meta({
        title: 'Provider role',
        labels: { distributor: 'Distributor', reseller: 'Reseller' },
        description: `A provider's role; default reseller`,
      }),
    message: zOptionalString((v) => rules.maxLength(v, 1000)).meta({ title: 'Message', multiline: true }),
    expiration_date: futureDate()
      .nullish()
      .meta({
        title: 'Expires',
        widget: 'datetime',
        description: `Default: in ${ACCOUNT_INVITATION_DAYS} days; at most ${ACCOUNT_INVITATION_MAX_DAYS}`,
      }),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'vendor' && v.role)
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'A vendor account has no provider role' });
  });

/** Resend: a new code and expiry (earlier codes stop working). */
export const AccountInvitationResend = z.object({ expiration_date: futureDate().nullish() });

/**
 * Sign-up with an invitation code (`POST /accounts?code=`; reference auth.AccountCreate: name, description,
 * external_id): the account's name (spec §5: 4 to 64 characters) and, for an e-mail without a user yet, the first
 * user's name and password. A user that exists signs in first and signs up without `user`.
 */
export const AccountSignUp = z.object({
  name: zAccountName(),
  description: zOptionalString((v) => rules.maxLength(v, 512)),
  external_id: zOptionalString((v) => rules.maxLength(v, 100)),
  user: z
    .object({
      name: zRequiredString((v) => rules.maxLength(v, 128)),
      password: zPasswordRules(),
    })
    .optional(),
});
export type AccountSignUp = z.infer<typeof AccountSignUp>;

const labels = { ...ACCOUNT_ROLE_LABELS };

/** Invitations an account sent to open accounts it manages (module MD-0001). */
export const accountInvitationResource = defineResource({
  name: 'account-invitation',
  title: 'Account invitation',
  path: '/accounts/:accountId/invitations',
  module: 'MD-0001',
  schema: AccountInvitation,
  create: AccountInvitationCreate,
  filters: {
    ...roteFilters(AccountInvitation, ['owner', 'account']),
    email: filterOf(AccountInvitation, 'email'),
    role: filterOf(AccountInvitation, 'role'),
    expiration_date: filterOf(AccountInvitation, 'expiration_date'),
  },
  ordering: ['id', 'email', 'status', 'expiration_date', 'events.created.at'],
  defaultOrdering: '-events.created.at',
  search: ['id', 'email'],
  machine: defineMachine<AccountInvitation>({
    statuses: statusTones(ACCOUNT_INVITATION_STATUSES),
    actions: {
      resend: {
        label: 'Resend',
        from: ['pending', 'expired'],
        to: 'pending',
        body: AccountInvitationResend,
        form: false,
        event: 'resent',
        done: (i) => `A new invitation was sent to ${i.email}.`,
      },
      revoke: {
        label: 'Revoke',
        from: ['pending', 'expired'],
        to: 'revoked',
        event: 'revoked',
        form: false,
        confirm: {
          text: (i) => `Revoke the invitation of ${i.email}? Its link stops working at once.`,
          destructive: true,
        },
        done: (i) => `The invitation of ${i.email} was revoked.`,
      },
    },
  }),
  fields: {
    id: { label: 'ID', kind: 'id' },
    email: { label: 'E-mail', kind: 'email' },
    type: { label: 'Account type', kind: 'enum', labels: ACCOUNT_TYPE_LABELS },
    role: { label: 'Role', kind: 'enum', labels },
    message: { label: 'Message', kind: 'multiline', hideEmpty: true },
    status: { label: 'Status', kind: 'status' },
    expiration_date: { label: 'Expires', kind: 'date' },
    account: { label: 'Account', kind: 'ref', route: 'accounts.details' },
    'events.created.at': { label: 'Sent', kind: 'date' },
  },
  list: {
    columns: ['id', 'email', 'role', 'status', 'expiration_date', 'events.created.at'],
    phone: ['email', 'status'],
    filters: ['status', 'type'],
  },
  detail: { fields: ['id', 'email', 'type', 'role', 'message', 'status', 'expiration_date', 'account'] },
});
