// What other areas may use of distribution (DESIGN §2: public.ts is the only file they import).
export { activePartnerIds, arePartners, accountRef } from './access.ts';
export { setPartnership } from './partners.ts';
