/** Service levels (issue 17): SLA settings, their objectives' zones, and the indicators of waiting objects. */
export * from './zones.ts';
export * from './sla.ts';
export * from './sli.ts';
