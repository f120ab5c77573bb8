import Mustache from 'mustache';
import { markdownToHtml } from '../catalog/public.ts';

// A rule's template rendered against an object: `{{ request.asset.product.name }}` style variables (mustache, no
// partials, no code: the view is plain JSON). Values are inserted as written into the markdown; the HTML part comes
// from markdown-it with raw HTML off, so a value cannot inject markup.

// user-written templates would otherwise fill mustache's process-wide parse cache
Mustache.templateCache = undefined;

/** Why a template text cannot be rendered (an unclosed tag or section), or null. */
export function templateIssue(text: string): string | null {
  try {
    Mustache.parse(text);
    return null;
  } catch (e) {
    return `Not a valid template: ${(e as Error).message}`;
  }
}

/** Arrays of objects with ids also answer by id (`request.asset.params.activation_code.value`). */
function byIds(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] & Record<string, unknown> = value.map(byIds) as never;
    for (const item of out)
      if (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string') {
        const id = (item as { id: string }).id;
        if (!/^\d+$/.test(id) && !(id in out)) out[id] = item;
      }
    return out;
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, byIds(v)]));
  return value;
}

export const renderView = (view: Record<string, unknown>) => byIds(view) as Record<string, unknown>;

const render = (text: string, view: Record<string, unknown>) =>
  Mustache.render(text, view, {}, { escape: (v: unknown) => (v === null || v === undefined ? '' : String(v)) });

export interface Rendered {
  subject: string;
  /** Markdown: the plain-text part. */
  text: string;
  /** The body as HTML (unbranded). */
  html: string;
}

export function renderTemplate(template: { subject: string; body: string }, view: Record<string, unknown>): Rendered {
  const v = renderView(view);
  const subject = render(template.subject, v).replace(/\s+/g, ' ').trim();
  const text = render(template.body, v);
  return { subject, text, html: markdownToHtml(text) };
}

/** The variables a template may use: every leaf path of the view (arrays by their first member's id or index). */
export function variablesOf(view: unknown, prefix = '', out: string[] = [], depth = 0): string[] {
  if (depth > 8 || out.length > 500) return out;
  if (Array.isArray(view)) {
    view.slice(0, 20).forEach((item, i) => {
      const key = item && typeof item === 'object' && typeof item.id === 'string' ? item.id : String(i);
      variablesOf(item, `${prefix}.${key}`, out, depth + 1);
    });
  } else if (view && typeof view === 'object') {
    for (const [k, v] of Object.entries(view)) variablesOf(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
  } else if (prefix) out.push(prefix);
  return out;
}
