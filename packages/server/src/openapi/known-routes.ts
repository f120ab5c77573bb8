import { z } from 'zod';
import { describeRoute } from './openapi.ts';

// Descriptions of hand-written routes whose owners have not described them yet. An area may call
// describeRoute itself; the last description wins.

const Login = z.object({
  email: z.string(),
  password: z.string(),
  recaptcha: z
    .string()
    .optional()
    .describe('reCAPTCHA response; required only when the server has a reCAPTCHA secret.'),
});
const AccountRef = z.object({ account: z.object({ id: z.string() }) });
const Counters = z
  .record(z.string(), z.object({ count: z.number().int(), updated_at: z.string() }))
  .describe("Dashboard counters the caller's account type sees, by name (asset_requests, listing_requests, ...).");

describeRoute('post', '/auth/login', {
  summary: 'Log in: sets the HttpOnly session cookie; send the returned session_id in x-session-id on later calls',
  tag: 'auth',
  body: Login,
});
describeRoute('post', '/auth/logout', {
  summary: 'Log out: ends the session and clears the cookie',
  tag: 'auth',
  status: 204,
});
describeRoute('get', '/auth/context', { summary: 'Who is calling: account, user or token, permissions', tag: 'auth' });
describeRoute('post', '/auth/context', {
  summary: "Switch the session to another of the user's accounts",
  tag: 'auth',
  body: AccountRef,
});
describeRoute('get', '/accounts/:account/statistics', {
  summary: 'Dashboard counters of the account',
  tag: 'statistics',
  response: Counters,
});
describeRoute('post', '/accounts/:account/statistics', {
  summary: 'Recalculate the dashboard counters of the account',
  tag: 'statistics',
  response: Counters,
});
describeRoute('get', '/openapi.json', { summary: 'This OpenAPI 3.1 document', tag: 'meta' });
