import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';

/** What an area's routes get: the prefixed Fastify scope, the database and the settings. */
export interface Api { app: FastifyInstance; db: Kysely<DB>; config: Config }
export type ApiModule = (api: Api) => void;
