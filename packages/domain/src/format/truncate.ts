/** Text truncation (spec §9): default 100 symbols or words, appending '…' when cut. */
import { DEFAULT_TRUNCATE } from './constants.ts';

export const ELLIPSIS = '…';

export interface TruncateOptions {
  /** Max symbols (code points) or words kept; default 100. */
  limit?: number;
  by?: 'symbols' | 'words';
}

export function truncate(text: string | null | undefined, options: TruncateOptions = {}): string {
  if (text === null || text === undefined) return '';
  const str = String(text);
  const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_TRUNCATE));
  if (options.by === 'words') {
    const words = [...str.matchAll(/\S+/g)];
    if (words.length <= limit) return str;
    if (limit === 0) return ELLIPSIS;
    const last = words[limit - 1];
    return str.slice(0, (last.index ?? 0) + last[0].length) + ELLIPSIS;
  }
  const symbols = Array.from(str);
  if (symbols.length <= limit) return str;
  return symbols.slice(0, limit).join('').trimEnd() + ELLIPSIS;
}
