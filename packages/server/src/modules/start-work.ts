import { isConnectionError } from '../db/availability.ts';
import type { Api } from './types.ts';

/**
 * Data an area writes when the server starts (built-in report templates): done before the server is ready. A
 * PostgreSQL that is away at start must not stop the start (the server answers 503 until it is back): the work is
 * then tried again every DATABASE_RETRY_MS until it is done. Any other failure stops the start, as a bug should.
 */
export function atStart(api: Api, what: string, work: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const attempt = async (): Promise<void> => {
    try {
      await work();
    } catch (err) {
      if (closed || !isConnectionError(err)) {
        if (!closed) throw err;
        return;
      }
      api.app.log.warn({ err }, `${what}: the database is not reachable; trying again`);
      timer = setTimeout(
        () => void attempt().catch((e) => api.app.log.error({ err: e }, `${what} failed`)),
        api.config.dbRetryMs,
      );
      timer.unref();
    }
  };
  api.app.addHook('onReady', attempt);
  api.app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
