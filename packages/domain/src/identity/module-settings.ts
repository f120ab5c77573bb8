import { z } from 'zod';
import { zIpOrRange, zOptionalString } from '../validation/zod.ts';
import * as rules from '../validation/rules.ts';
import { MFA_POLICIES, MfaPolicyInput } from './mfa.ts';
import { ACL_ACTIONS } from './acl.ts';
import { EventAt } from './common.ts';

// Settings objects (spec §3: plain objects; §7: GET and PUT with the object as body), in the reference's shapes:
// /modules/account/settings, /modules/integrations/settings and /modules/helpdesk/accounts/{id}/settings.

/** One entry of `acl.ips`: a rule of the list (reference {name, ip_range}; `id` and `action` added). */
export const AclIpEntry = z.object({
  id: z.string().optional(),
  name: z.string(),
  action: z.enum(ACL_ACTIONS),
  ip_range: z.array(z.string()),
});
export const AclView = z.object({ domain: z.enum(ACL_ACTIONS), ips: z.array(AclIpEntry) });

export const AccountModuleSettings = z.object({
  domain: z.object({ verification: z.object({ name: z.string(), type: z.string(), prefix: z.string() }) }),
  acl: AclView,
  mfa: z.object({ policy: z.enum(MFA_POLICIES) }),
});
export type AccountModuleSettings = z.infer<typeof AccountModuleSettings>;

export const IntegrationsModuleSettings = z.object({ acl: AclView });
export type IntegrationsModuleSettings = z.infer<typeof IntegrationsModuleSettings>;

/** A list written through settings: each address of each entry becomes one rule (`action` defaults to allow). */
const AclIpsWrite = z.array(
  z.object({
    name: zOptionalString((v) => rules.maxLength(v, 1024)),
    action: z.enum(ACL_ACTIONS, { error: `action must be one of ${ACL_ACTIONS.join(', ')}` }).default('allow'),
    ip_range: z.array(zIpOrRange()).min(1, 'This field is required'),
  }),
);
/** `acl.domain` follows from the rules (aclDefault) and `domain.verification` is the installation's: both read-only. */
const AclWrite = z.object({ ips: AclIpsWrite.optional() });

export const AccountModuleSettingsUpdate = z.object({
  mfa: z.object({ policy: MfaPolicyInput }).optional(),
  acl: AclWrite.optional(),
});
export const IntegrationsModuleSettingsUpdate = z.object({ acl: AclWrite.optional() });

export const HELPDESK_MODES = ['builtin', 'federated'] as const;
/** A resolved case closes by itself after this many days unless the account chose otherwise. */
export const DEFAULT_HELPDESK_TTL_DAYS = 7;
export const HELPDESK_TTL_MAX = 2147483647;
/** Federated mode sends partners elsewhere: the instructions must say where (the reference's rule). */
export const FEDERATED_NEEDS_INSTRUCTIONS =
  'Federated mode needs instructions: tell partners how to reach your support desk.';

/** Reference helpdesk.AccountSettings: auto-close timeout (days), mode and the instructions of federated mode. */
export const HelpdeskSettings = z.object({
  ttl: z.number().int(),
  mode: z.enum(HELPDESK_MODES),
  instructions: z.string().optional(),
  events: z.record(z.string(), EventAt),
});
export type HelpdeskSettings = z.infer<typeof HelpdeskSettings>;

export const HelpdeskSettingsUpdate = z.object({
  ttl: z
    .number({ error: 'ttl must be a whole number of days' })
    .int('ttl must be a whole number of days')
    .min(0, 'ttl must be at least 0')
    .max(HELPDESK_TTL_MAX, `ttl must be at most ${HELPDESK_TTL_MAX}`)
    .optional(),
  mode: z.enum(HELPDESK_MODES, { error: `mode must be one of ${HELPDESK_MODES.join(', ')}` }).optional(),
  instructions: zOptionalString((v) => rules.maxLength(v, 5000)),
});
