// What other areas may use of the catalogue.

/** A product as other objects embed it (reference ProductRef). */
export function productRefOf(p: { id: string; status: string; data: { name: string; icon?: string | null } }) {
  return { id: p.id, name: p.data.name, icon: p.data.icon ?? null, status: p.status };
}

export { markdownToHtml, renderTemplate } from './content/render.ts';
export { setRequestContextLoader } from './content/templates.ts';
export { productForWrite, productIsVisible, productVisible } from './visibility.ts';
