import { onAccountCreated } from '../identity/public.ts';
import { setStoreHook } from '../../resources/store-hooks.ts';
import { defineArea } from '../types.ts';
import { SWEEP_JOB, track } from './indicators.ts';
import { ensureDefaultSlas, slas } from './slas.ts';
import { slis } from './slis.ts';
import { sweepJob } from './sweep.ts';
import { TRACKED } from './tracked.ts';

/**
 * Service levels (issue 17): SLA settings per account and kind of object, and the indicators (zones) of the
 * requests and cases waiting under them, moved on by a sweep that also rejects what waited past a terminating
 * objective.
 */
const checked = new WeakSet<object>();

export const slm = defineArea({
  name: 'slm',
  resources: [slas, slis],
  jobs: { [SWEEP_JOB]: sweepJob },
  // at start, the accounts made before this area was connected; a database not there yet (the server starts anyway
  // and answers 503) must not stop the start: those accounts get theirs at the next start. (Routes are set up once
  // per API prefix: the check runs once per database.)
  routes: ({ app, db }) => {
    if (checked.has(db)) return;
    checked.add(db);
    app.addHook('onReady', async () => {
      try {
        await ensureDefaultSlas(db);
      } catch (err) {
        checked.delete(db);
        app.log.warn({ err }, 'service levels: default settings not checked (database unavailable)');
      }
    });
  },
  connect: () => {
    for (const kind of TRACKED) setStoreHook(kind.resource, (obj, db) => track(kind, obj, db));
    onAccountCreated((db, account) => ensureDefaultSlas(db, account.id));
  },
});
