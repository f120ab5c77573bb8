import type { Config } from '../../config.ts';

// The reporting settings of the app serving a database: jobs get only the database, so the area binds the app's
// settings to it when its routes are registered (as files/store.ts binds the file store).

export interface ReportSettings {
  retentionDays: number;
  timeoutMs: number;
  memoryMb: number;
  /** Where the portal answers: the links of the mails to a schedule's recipients. */
  publicUrl: string;
}

const bound = new WeakMap<object, ReportSettings>();

export function bindSettings(db: object, config: Config) {
  bound.set(db, {
    retentionDays: config.reportRetentionDays,
    timeoutMs: config.reportTimeoutMs,
    memoryMb: config.reportMemoryMb,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
  });
}

export const settingsOf = (db: object): ReportSettings =>
  bound.get(db) ?? { retentionDays: 30, timeoutMs: 5 * 60_000, memoryMb: 256, publicUrl: 'http://127.0.0.1:8080' };
