import { substitutePlaceholders, type ProductTemplate } from '@trellis/domain';
import { markdownToHtml } from '@trellis/domain/format/markdown';

export interface RenderedTemplate {
  title: string;
  body: string;
  html: string;
}

/**
 * A template with the request's data substituted. `context` is the request as the API returns it
 * (`{ id, type, asset: { id, params: [...], tiers }, tier_config?, ... }`); the fulfillment flows call this.
 */
export function renderTemplate(
  template: Pick<ProductTemplate, 'title' | 'name' | 'body'>,
  context: Record<string, unknown>,
): RenderedTemplate {
  const body = substitutePlaceholders(template.body, context);
  return { title: substitutePlaceholders(template.title || template.name, context), body, html: markdownToHtml(body) };
}

export { markdownToHtml };
