import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by every server entry point (cli.ts, the benchmark's server), before the app's modules load.
 *
 * V8 "pretenures" an allocation site, allocating its objects straight in the old generation, once most of them
 * survived. Building the app at start (routes, schemas, the registry) makes many shared sites look long-lived:
 * kysely's nodes, Fastify's and our own object literals. Under load the same sites then allocate each call's
 * short-lived objects in the old generation, and every young string they point to (a list page's rows) is kept by
 * them until the next full collection: two scavenges in five moved a page's worth to the old generation, and a
 * list call spent about a third of its CPU in the collector (bench/results, issue 19). The decision is never
 * revisited for a site, so it is turned off; the collector then keeps a server's young objects young.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
