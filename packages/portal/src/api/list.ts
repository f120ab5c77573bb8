import { LIST_ALL_CHUNK, LIST_ALL_PARALLEL } from '@trellis/domain/format/constants';
import { apiRequest } from './client.ts';

export interface ContentRange {
  first: number;
  last: number;
  total: number;
}

/** `items 0-9/42` → {first 0, last 9, total 42}; `items *\/0` (empty) → total only; junk → null. */
export function parseContentRange(header: string | null): ContentRange | null {
  const m = header ? /^items\s+(?:(\d+)-(\d+)|\*)\/(\d+)$/i.exec(header.trim()) : null;
  if (!m) return null;
  const total = Number(m[3]);
  return m[1] === undefined ? { first: 0, last: -1, total } : { first: Number(m[1]), last: Number(m[2]), total };
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** One page of a list; the total comes from Content-Range (falls back to what came back). */
export async function fetchPage<T>(path: string, query: string, signal?: AbortSignal): Promise<Page<T>> {
  const res = await apiRequest<T[]>(path, { query, signal });
  const items = Array.isArray(res.data) ? res.data : [];
  const range = parseContentRange(res.headers.get('content-range'));
  return { items, total: range?.total ?? items.length };
}

function withPaging(query: string, limit: number, offset: number): string {
  return [query, `limit=${limit}`, `offset=${offset}`].filter(Boolean).join('&');
}

/** Every object of a list: chunks of 100, at most 5 requests in flight (spec §7). */
export async function listAll<T>(path: string, query = '', signal?: AbortSignal): Promise<T[]> {
  const first = await fetchPage<T>(path, withPaging(query, LIST_ALL_CHUNK, 0), signal);
  const offsets: number[] = [];
  for (let o = LIST_ALL_CHUNK; o < first.total; o += LIST_ALL_CHUNK) offsets.push(o);
  const chunks: T[][] = new Array(offsets.length);
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const i = next++;
      chunks[i] = (await fetchPage<T>(path, withPaging(query, LIST_ALL_CHUNK, offsets[i]), signal)).items;
    }
  };
  await Promise.all(Array.from({ length: Math.min(LIST_ALL_PARALLEL, offsets.length) }, worker));
  return first.items.concat(...chunks);
}
