import type { UsageFile } from '@trellis/domain';
import type { UsageItem } from '../catalog/public.ts';
import type { UsageSubscription } from '../fulfillment/public.ts';
import type { BadRow } from './row-check.ts';

// The messages between the processing (parsers.ts, the server's thread) and its parser thread (parse-worker.ts).
// The parser asks for the stored spreadsheet's bytes range by range (it reads the ZIP from its directory), checks
// every row and sends the good ones as COPY lines, a chunk at a time, waiting for a credit per chunk stored.

export interface ParseJob {
  file: UsageFile;
  items: UsageItem[];
  subscriptions: UsageSubscription[];
  /** The stored spreadsheet's size in bytes. */
  size: number;
}

/** How reading ended: every row read (`bad` of them bad), or the file itself unusable. */
export type ParseOutcome =
  { kind: 'rows'; rows: number; bad: number; items: UsageFile['items'] } | { kind: 'file'; detail: string };

export type ToParser =
  | { type: 'job'; job: ParseJob }
  /** The next chunk of a byte range, or its end (null), or why it could not be read. */
  | { type: 'bytes'; stream: number; chunk: Uint8Array | null; error?: string }
  /** One chunk of lines is stored: one more may be sent. */
  | { type: 'credit' };

export type FromParser =
  | { type: 'read'; stream: number; start: number; end?: number }
  | { type: 'more'; stream: number }
  | { type: 'close'; stream: number }
  | { type: 'lines'; text: string; rows: number }
  | { type: 'bad'; row: BadRow }
  | { type: 'progress'; done: number; total: number | null }
  | { type: 'done'; outcome: ParseOutcome }
  | { type: 'failed'; message: string; unreadable: boolean };

/** Chunks of lines sent before the first credit comes back. */
export const PARSER_CREDITS = 4;
/** Characters of lines per chunk: about what a socket writes at once. */
export const LINES_CHUNK = 1 << 16;
