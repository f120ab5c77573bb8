// What other areas may use of customers.
export { onTierAccountChanged, type TierAccountChange } from './hooks.ts';
