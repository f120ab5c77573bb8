// What other areas may use of notifications.
export { askValidator, type ValidatedParam } from './validators.ts';
