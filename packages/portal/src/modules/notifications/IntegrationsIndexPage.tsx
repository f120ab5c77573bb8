import { Navigate } from 'react-router';
import { webhooksPath } from './paths.ts';

/** /integrations opens its (so far only) page, the webhooks. */
export default function IntegrationsIndexPage() {
  return <Navigate to={webhooksPath()} replace />;
}
