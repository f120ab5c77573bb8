export * from './country.ts';
export * from './marketplace.ts';
export * from './hub.ts';
export * from './connection.ts';
export * from './listing.ts';
export * from './partner.ts';
