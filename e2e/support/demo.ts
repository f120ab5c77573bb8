/** The demo data `trellis serve --demo` seeds (packages/server/src/db/seed/demo.ts, README). */
export const DEMO_PASSWORD = 'Trellis-demo-1';

export type AccountKind = 'vendor' | 'provider';

export interface DemoUser {
  email: string;
  name: string;
  /** The account the user lands in after logging in. */
  account: { name: string; kind: AccountKind };
  /** Every account of the user (more than one: the top bar offers the account switcher). */
  accounts: string[];
}

export const DEMO_USERS = {
  vendor: {
    email: 'vendor@demo.trellis',
    name: 'Vera Vendor',
    account: { name: 'Demo Vendor', kind: 'vendor' },
    accounts: ['Demo Vendor'],
  },
  provider: {
    email: 'provider@demo.trellis',
    name: 'Paul Provider',
    account: { name: 'Demo Provider', kind: 'provider' },
    accounts: ['Demo Provider'],
  },
  other: {
    email: 'other@demo.trellis',
    name: 'Olga Other',
    account: { name: 'Other Vendor', kind: 'vendor' },
    accounts: ['Other Vendor'],
  },
  multi: {
    email: 'multi@demo.trellis',
    name: 'Max Multi',
    account: { name: 'Demo Vendor', kind: 'vendor' },
    accounts: ['Demo Vendor', 'Demo Provider'],
  },
} satisfies Record<string, DemoUser>;

/**
 * Side navigation by account kind (spec §2, §6): what each kind must see and must not see.
 * When an area adds a menu entry visible to one kind only, list it here.
 */
export const NAVIGATION: Record<AccountKind, { shows: string[]; hides: string[] }> = {
  vendor: { shows: ['Dashboard', 'Accounts', 'Settings'], hides: [] },
  provider: { shows: ['Dashboard', 'Accounts', 'Settings'], hides: [] },
};

/** Dashboard counters only vendors see (spec §6): a provider's dashboard never shows these. */
export const VENDOR_ONLY_COUNTERS = [
  'Subscription requests',
  'Tier account requests',
  'Tier configuration requests',
  'Price list versions',
  'Leads',
];
