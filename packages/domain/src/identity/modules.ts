// Permission modules. A permission grants one module; MD-0000 grants every module.
// MD-0023 (helpdesk) is open to every user of an account: anyone may ask for help.
export const ALL_MODULES = 'MD-0000';
export const HELPDESK_MODULE = 'MD-0023';
/** Log in as a user of an account this account manages (impersonation, spec §6); MD-0000 includes it. */
export const IMPERSONATION_MODULE = 'MD-0027';

export interface ModuleInfo {
  id: string;
  name: string;
  visibleTo: ('vendor' | 'provider')[];
}

export const MODULES: ModuleInfo[] = [
  { id: 'MD-0000', name: 'Full access', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0001', name: 'Account, users and groups', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0002', name: 'Products', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0003', name: 'Distribution', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0004', name: 'Subscriptions', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0005', name: 'Usage', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0006', name: 'Pricing', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0007', name: 'Notifications', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0008', name: 'Reports', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0009', name: 'Customers', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0010', name: 'Partners and contracts', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0011', name: 'Branding', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0012', name: 'Localization', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0013', name: 'Offers', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0014', name: 'Integrations and API tokens', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0023', name: 'Helpdesk', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0024', name: 'DevOps', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0025', name: 'News', visibleTo: ['vendor', 'provider'] },
  { id: 'MD-0026', name: 'Product information', visibleTo: ['vendor'] },
  { id: IMPERSONATION_MODULE, name: 'Log in as users of managed accounts', visibleTo: ['vendor', 'provider'] },
];

export const MODULE_IDS = new Set(MODULES.map((m) => m.id));

/** Does a set of granted module ids allow `module`? */
export function allows(granted: Iterable<string>, module: string): boolean {
  if (module === HELPDESK_MODULE) return true;
  for (const id of granted) if (id === ALL_MODULES || id === module) return true;
  return false;
}
