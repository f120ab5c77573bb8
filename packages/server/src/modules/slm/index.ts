import { onAccountCreated } from '../identity/public.ts';
import { setStoreHook } from '../../resources/store-hooks.ts';
import { defineArea } from '../types.ts';
import { SWEEP_JOB, track } from './indicators.ts';
import { ensureDefaultSlas, slas } from './slas.ts';
import { slis } from './slis.ts';
import { sweepJob } from './sweep.ts';
import { TRACKED } from './tracked.ts';
import { atStart } from '../start-work.ts';

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
  // at start, the accounts made before this area was connected (once per database: routes are set up once per API
  // prefix); a database away at start is tried again until it answers (start-work.ts)
  routes: (api) => {
    if (checked.has(api.db)) return;
    checked.add(api.db);
    atStart(api, 'service levels: the default settings', () => ensureDefaultSlas(api.db));
  },
  connect: () => {
    for (const kind of TRACKED) setStoreHook(kind.resource, (obj, db) => track(kind, obj, db));
    onAccountCreated((db, account) => ensureDefaultSlas(db, account.id));
  },
});
