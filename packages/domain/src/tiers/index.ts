export * from './tier-account.ts';
export * from './form.ts';
