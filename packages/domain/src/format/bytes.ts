/** Byte sizes (spec §9): base 2, JEDEC symbols — 1024 → '1 KB', 1536 → '1.5 KB', 0 → '0 B'. */
import { filesize } from 'filesize';

export function formatBytes(bytes: number | string | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes === '') return '';
  const n = typeof bytes === 'number' ? bytes : Number(bytes);
  if (!Number.isFinite(n)) return '';
  return filesize(n, { base: 2, standard: 'jedec' });
}
