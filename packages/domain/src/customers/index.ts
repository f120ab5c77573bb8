export * from './tier-account.ts';
export * from './form.ts';
export * from './tier-account-request.ts';
