import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Request } from '@trellis/domain/fulfillment/request';
import { useGet } from '../../../../api/hooks.ts';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { RenderedHtml } from '../../common/templates.tsx';

/**
 * The activation text the customer received on approval. The request keeps it as Markdown (`activation_key`);
 * the API turns that stored text into safe HTML (GET /requests/{id}/render?format=html). When that fails the
 * Markdown shows as plain text, never as HTML.
 */
export function ActivationTab({ request: r }: { request: Request }) {
  const rendered = useGet<string>(r.activation_key ? `/requests/${encodeURIComponent(r.id)}/render?format=html` : null);
  if (!r.activation_key) {
    return (
      <EmptyState title="No activation yet">
        The activation text shows here once the vendor approves the request.
      </EmptyState>
    );
  }
  const html = typeof rendered.data === 'string' ? rendered.data : null;
  return (
    <>
      {r.template && (
        <Typography variant="overline" color="text.secondary">
          {r.template.name}
        </Typography>
      )}
      {rendered.isPending && [1, 2, 3].map((i) => <Skeleton key={i} />)}
      {html !== null && <RenderedHtml html={html} label="Activation" />}
      {html === null && rendered.isError && (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            The formatted text is not available; this is the text as sent.
          </Alert>
          <Typography
            component="pre"
            aria-label="Activation"
            sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}
          >
            {r.activation_key}
          </Typography>
        </>
      )}
    </>
  );
}
