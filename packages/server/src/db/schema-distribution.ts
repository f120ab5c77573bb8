// Row types of the distribution tables (see migrations/0009_distribution.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DistributionTables {}
