import MarkdownIt from 'markdown-it';
import { substitutePlaceholders, type ProductTemplate } from '@trellis/domain';

// Raw HTML in a template is shown as text (html: false) and markdown-it refuses javascript:/vbscript:/data:
// links, so the HTML is safe to show in the portal without a separate sanitiser.
const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

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

export const markdownToHtml = (markdown: string) => md.render(markdown);
