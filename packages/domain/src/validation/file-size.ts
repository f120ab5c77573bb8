import { formatBytes } from '../format/bytes.ts';
import { fileTooLarge } from './messages.ts';

// Apart from rules.ts: the bytes formatter it needs stays out of the pages that only check text (the login page).

/** A file's size against an upload's limit (bytes); the message names the limit in base 2, JEDEC (spec §9). */
export function fileSize(bytes: number | null | undefined, maxBytes: number): string | null {
  if (bytes === null || bytes === undefined) return null;
  return bytes > maxBytes ? fileTooLarge(formatBytes(maxBytes)) : null;
}
