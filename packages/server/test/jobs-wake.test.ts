import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { enqueue, registerJob, startJobRunner } from '../src/jobs/queue.ts';
import { freshDatabaseUrl } from './helpers.ts';

// Queued work starts when the transaction that queued it commits (a NOTIFY the runners listen for), not at the
// runner's next poll: an uploaded usage file is processed at once.

describe('the job runner', () => {
  it('runs work queued now as soon as its transaction commits, and nothing of a rolled-back one', async () => {
    const { url, drop } = await freshDatabaseUrl();
    const db = await openDatabase({ url });
    await migrateToLatest(db);
    const ran: string[] = [];
    let finished!: () => void;
    const done = new Promise<void>((ok) => (finished = ok));
    registerJob('test.wake', async (_db, payload) => {
      ran.push(payload.n);
      finished();
    });
    // a poll an hour away: only the notice can start the job in time
    const runner = startJobRunner(db, 3_600_000);
    try {
      await runner.listening;
      await db
        .transaction()
        .execute(async (trx) => {
          await enqueue(trx, 'test.wake', { n: 'rolled back' });
          throw new Error('changed my mind');
        })
        .catch(() => undefined);
      const started = Date.now();
      await db.transaction().execute((trx) => enqueue(trx, 'test.wake', { n: 'committed' }));
      await done;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(ran).toEqual(['committed']);
    } finally {
      await runner();
      await db.destroy();
      await drop();
    }
  });
});
