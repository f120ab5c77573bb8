// oidc-provider ships no type declarations; the test helpers use a small part of it (sso-helpers.ts).
declare module 'oidc-provider';
