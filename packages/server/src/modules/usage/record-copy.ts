import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyIntoEmbedded, poolOf } from '../../db/database.ts';
import type { Db } from '../../resources/engine.ts';
import { COPY_COLUMNS } from './record-lines.ts';

// Where a file's records go: lines in COPY's text format (record-lines.ts), a chunk at a time. On PostgreSQL one
// `COPY usage_records FROM STDIN` streams them all: the backend stores each row as it arrives, on its own core,
// and the file's records appear at once or not at all (an aborted COPY stores none). The socket's backpressure is
// the only buffer, so memory does not grow with the file. The embedded database takes each chunk as a COPY of its
// own (PGlite reads COPY data from a blob); what an abort leaves there, the processing clears.

const STATEMENT = `copy usage_records (${COPY_COLUMNS.map((c) => `"${c}"`).join(', ')}) from stdin`;

export interface RecordSink {
  /** Store these lines; resolves when the sink can take more. */
  write(text: string): Promise<void>;
  /** Wait until everything written is stored. */
  finish(): Promise<void>;
  /** Stop, storing nothing more (on PostgreSQL: nothing at all), and give the connection back. */
  abort(): Promise<void>;
}

export function recordSink(db: Db): RecordSink {
  const pool = poolOf(db as any);
  if (pool) return new StreamedCopy(() => pool.connect());
  return {
    write: (text) => copyIntoEmbedded(db as any, STATEMENT, text),
    finish: async () => undefined,
    abort: async () => undefined,
  };
}

class StreamedCopy implements RecordSink {
  private client: PoolClient | null = null;
  private stream: ReturnType<typeof copyFrom> | null = null;
  private done: Promise<void> | null = null;
  private failure: Error | null = null;

  constructor(private readonly connect: () => Promise<PoolClient>) {}

  async write(text: string) {
    const stream = this.stream ?? (await this.open());
    if (!stream.write(text))
      await new Promise<void>((ok) => {
        const go = () => {
          stream.off('drain', go).off('close', go);
          ok();
        };
        stream.on('drain', go).on('close', go);
      });
    if (this.failure) throw this.failure;
  }

  async finish() {
    if (!this.stream) return;
    this.stream.end();
    await this.done;
    this.release();
  }

  async abort() {
    if (this.stream && !this.stream.writableFinished) {
      this.stream.destroy(new Error('usage processing stopped'));
      await this.done?.catch(() => undefined);
    }
    this.release(true);
  }

  private async open() {
    this.client = await this.connect();
    const stream = this.client.query(copyFrom(STATEMENT));
    this.done = new Promise<void>((ok, fail) => {
      stream.on('finish', ok);
      stream.on('error', (e: Error) => {
        this.failure = e;
        fail(e);
      });
    });
    // read by finish() or abort(); until then a failure is not an unhandled rejection
    this.done.catch(() => undefined);
    this.stream = stream;
    return stream;
  }

  private release(discard = false) {
    this.client?.release(discard || undefined);
    this.client = null;
  }
}
