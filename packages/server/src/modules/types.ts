import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { JobHandler } from '../jobs/queue.ts';
import type { Served } from '../resources/engine.ts';
import type { Table } from '../resources/table.ts';
import type { Counter } from './dashboard/counters.ts';

/** What an area's routes get: the prefixed Fastify scope, the database and the settings. */
export interface Api {
  app: FastifyInstance;
  db: Kysely<DB>;
  config: Config;
}
export type ApiModule = (api: Api) => void;

/**
 * One feature area of the server (DESIGN §2), registered explicitly in modules/index.ts: the resources the
 * engine serves, hand routes for what is not a resource, dashboard counters, background jobs, and the hooks it
 * plugs into other areas (through their public.ts). Nothing registers itself on import.
 */
export interface Area {
  name: string;
  resources?: readonly Served<any>[];
  /** Declared tables that no served resource writes (versions, links): the storage test checks them too. */
  tables?: readonly Table[];
  /** Routes the engine cannot derive (file downloads, renderings, bulk edits). */
  routes?: ApiModule;
  counters?: Readonly<Record<string, Counter>>;
  jobs?: Readonly<Record<string, JobHandler>>;
  /** Runs once at start: subscribe to other areas' hooks. */
  connect?: () => void;
}

export const defineArea = (area: Area): Area => area;
