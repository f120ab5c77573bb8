import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DATE_OPS, ENUM_OPS, TEXT_OPS, defineResource } from '../resource/index.ts';
import * as rules from '../validation/rules.ts';
import { zIpOrRange, zOptionalString } from '../validation/zod.ts';
import { Events } from './common.ts';
import { TOKEN_MODULE } from './token.ts';

// Access rules (reference auth.ACLRule under /acl/{acl}/rules): IP allow and deny lists of an account, one for the
// portal sign-ins of its users and one for calls with its API tokens.

export const ACL_ACTIONS = ['allow', 'deny'] as const;
export type AclAction = (typeof ACL_ACTIONS)[number];
export const ACL_ACTION_LABELS: Record<AclAction, string> = { allow: 'Allow', deny: 'Deny' };

export type AclListName = 'account' | 'integrations';
export interface AclList {
  id: AclListName;
  name: string;
  description: string;
  /** Who manages the list: holders of this module. */
  module: string;
}
export const ACL_LISTS: Record<AclListName, AclList> = {
  account: {
    id: 'account',
    name: 'Portal sign-in',
    description: "Addresses from which the account's users may sign in to the portal and use their sessions.",
    module: 'MD-0001',
  },
  integrations: {
    id: 'integrations',
    name: 'API tokens',
    description: "Addresses from which the account's API tokens may call the API.",
    module: TOKEN_MODULE,
  },
};
/** The module ids the reference's settings paths use for the two lists (/modules/MD-0001/settings, MD-0007). */
export const ACL_ALIASES: Record<string, AclListName> = { 'MD-0001': 'account', 'MD-0007': 'integrations' };

/** The list a path names (`account`, `integrations` or an alias), or undefined. */
export function aclListOf(name: string | undefined): AclList | undefined {
  if (!name) return undefined;
  const id = (ACL_ALIASES[name] ?? name) as AclListName;
  return Object.hasOwn(ACL_LISTS, id) ? ACL_LISTS[id] : undefined;
}

export const AclRule = z.object({
  id: z.string(),
  action: z.enum(ACL_ACTIONS),
  /** An IPv4 or IPv6 address, or a CIDR range. */
  value: z.string(),
  comment: z.string().optional(),
  events: Events,
});
export type AclRule = z.infer<typeof AclRule>;

const zAction = z.enum(ACL_ACTIONS, { error: `action must be one of ${ACL_ACTIONS.join(', ')}` });
const comment = zOptionalString((v) => rules.maxLength(v, 1024));

const valueMeta = { title: 'Address or range', description: 'An IPv4 or IPv6 address, or a CIDR range (192.0.2.0/24)' };
const actionMeta = { title: 'Action', labels: ACL_ACTION_LABELS };
const commentMeta = { title: 'Comment' };

export const AclRuleCreate = z.object({
  value: zIpOrRange().meta(valueMeta),
  action: zAction.default('allow').meta(actionMeta),
  comment: comment.meta(commentMeta),
});
export const AclRuleUpdate = z.object({
  value: zIpOrRange().optional().meta(valueMeta),
  action: zAction.optional().meta(actionMeta),
  comment: comment.meta(commentMeta),
});

// ---------------------------------------------------------------- matching

type Parsed = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A rule's value as an address and prefix length; null when it does not parse (never stored so). */
function rangeOf(value: string): Parsed | null {
  try {
    if (value.includes('/')) return ipaddr.parseCIDR(value);
    const addr = ipaddr.process(value);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

function matches(address: ipaddr.IPv4 | ipaddr.IPv6, value: string): boolean {
  const range = rangeOf(value);
  if (!range) return false;
  const [net, bits] = range;
  if (address.kind() === net.kind()) return address.match(net as never, bits);
  // an IPv4 caller against an IPv6 range of mapped addresses (::ffff:0:0/96)
  if (address.kind() === 'ipv4' && net.kind() === 'ipv6')
    return (address as ipaddr.IPv4).toIPv4MappedAddress().match(net as ipaddr.IPv6, bits);
  return false;
}

/**
 * Whether a list lets an address in. An empty list allows everyone; deny rules win; when the list has any allow
 * rule, only addresses an allow rule names get in. An IPv4-mapped IPv6 address is read as its IPv4 address.
 */
export function aclAllows(list: readonly Pick<AclRule, 'action' | 'value'>[], ip: string): boolean {
  if (!list.length) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  if (list.some((r) => r.action === 'deny' && matches(address, r.value))) return false;
  const allows = list.filter((r) => r.action === 'allow');
  return !allows.length || allows.some((r) => matches(address, r.value));
}

/** What an address outside every allow rule meets: `deny` when the list has allow rules, else `allow`. */
export const aclDefault = (list: readonly Pick<AclRule, 'action'>[]): AclAction =>
  list.some((r) => r.action === 'allow') ? 'deny' : 'allow';

export const aclRuleResource = defineResource({
  name: 'acl-rule',
  title: 'Access rule',
  path: '/acl/:acl/rules',
  // the list in the path decides the module (ACL_LISTS): checked by the server for each list
  module: '',
  schema: AclRule,
  create: AclRuleCreate,
  update: AclRuleUpdate,
  remove: true,
  filters: {
    id: { type: 'string', ops: TEXT_OPS },
    action: { type: 'string', ops: ENUM_OPS, options: ACL_ACTIONS },
    value: { type: 'string', ops: TEXT_OPS },
    comment: { type: 'string', ops: TEXT_OPS },
    'events.created.at': { type: 'datetime', ops: DATE_OPS },
  },
  ordering: ['value', 'action', 'events.created.at'],
  defaultOrdering: 'events.created.at',
  search: ['id', 'value', 'comment'],
  fields: {
    id: { label: 'ID', kind: 'id' },
    value: { label: 'Address or range', kind: 'text' },
    action: { label: 'Action', kind: 'enum', labels: ACL_ACTION_LABELS },
    comment: { label: 'Comment', kind: 'text' },
    'events.created.at': { label: 'Added', kind: 'date' },
  },
  list: {
    columns: ['value', 'action', 'comment', 'events.created.at'],
    phone: ['value', 'action'],
    filters: ['action'],
  },
  detail: { fields: ['id', 'value', 'action', 'comment'] },
});
