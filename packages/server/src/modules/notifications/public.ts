// What other areas may use of notifications.
export { askValidator, type ValidatedParam } from './validators.ts';
/** Mail in the look of the account's brand (report schedules mail their recipients in it). */
export { brandedHtml, escapeHtml, mailLook } from './mail-html.ts';
