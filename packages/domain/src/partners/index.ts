/** Partner management: agreements with their versions, contracts, custom forms and catalog groups. */
export * from './agreement.ts';
export * from './contract.ts';
export * from './waiting.ts';
export * from './form.ts';
export * from './catalog-group.ts';
