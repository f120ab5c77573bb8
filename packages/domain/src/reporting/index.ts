/** Reports (MD-0008): templates from repositories, and reports run from them. */
export * from './parameters.ts';
export * from './template.ts';
export * from './report.ts';
export * from './repository.ts';
export * from './schedule.ts';
