import { readFileSync } from 'node:fs';
import type { FieldType } from './rql-sql.ts';

/**
 * The filters the reference API (Connect v37) documents on each list, by the path's shape (`/products/{}/items`):
 * its type, whether it orders, and its lookups. Extracted from the reference by scripts/extract-reference.mjs.
 */
export interface ReferenceFilter {
  type: FieldType;
  ordering: boolean;
  ops: string[];
}

let byShape: Record<string, Record<string, ReferenceFilter>> | undefined;

/** The reference's filters of the list at a Trellis path (`/products/:productId/items`); none when it has none. */
export function referenceFilters(path: string): Record<string, ReferenceFilter> {
  byShape ??= JSON.parse(readFileSync(new URL('./reference-filters.json', import.meta.url), 'utf8'));
  return byShape![path.replace(/:[A-Za-z_]+/g, '{}')] ?? {};
}
