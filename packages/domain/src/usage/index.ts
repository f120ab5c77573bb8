/** Usage: usage files and their records, chunks, reconciliations, aggregates and rules (issue 16). */
export * from './file.ts';
export * from './record.ts';
export * from './rows.ts';
export * from './chunk.ts';
export * from './reconciliation.ts';
export * from './aggregate.ts';
export * from './rule.ts';
