import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { ProductTemplate } from '@trellis/domain/catalog/content';
import type { ApiError } from '../../../api/errors.ts';
import { useGet } from '../../../api/hooks.ts';
import { listAll } from '../../../api/list.ts';

// The product's templates a request is approved or inquired with, and their rendering with the request's data.

/** The product's templates of one scope (asset for fulfillment requests, tier1 / tier2 for tier config requests). */
export function useTemplates(productId: string, scope: ProductTemplate['scope'], enabled = true) {
  const path = `/products/${encodeURIComponent(productId)}/templates`;
  return useQuery<ProductTemplate[], ApiError>({
    queryKey: ['list', path, `scope:${scope}`],
    queryFn: ({ signal }) => listAll<ProductTemplate>(path, `eq(scope,${scope})`, signal),
    enabled,
  });
}

/** Templates of the wanted type first (fulfillment for approve, inquire for inquire), then the rest. */
export function templatesFor(
  templates: readonly ProductTemplate[],
  type: NonNullable<ProductTemplate['type']>,
): ProductTemplate[] {
  return [...templates.filter((t) => t.type === type), ...templates.filter((t) => t.type !== type)];
}

/** The rendered HTML of a product template for a fulfillment request (GET …/templates/{t}/render?request_id=). */
export function useRenderedTemplate(productId: string, templateId: string | null | undefined, requestId: string) {
  return useGet<string>(
    templateId
      ? `/products/${encodeURIComponent(productId)}/templates/${encodeURIComponent(templateId)}/render?request_id=${encodeURIComponent(requestId)}&format=html`
      : null,
  );
}

/** Server-rendered template HTML. The API renders Markdown with raw HTML disabled and unsafe links refused (catalog render.ts). */
export function RenderedHtml({ html, label }: { html: string; label: string }) {
  return (
    <Box
      aria-label={label}
      role="document"
      sx={{
        '& :first-of-type': { mt: 0 },
        '& pre': { whiteSpace: 'pre-wrap' },
        '& img': { maxWidth: '100%' },
        fontSize: 14,
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
