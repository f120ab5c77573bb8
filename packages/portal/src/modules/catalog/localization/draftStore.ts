/**
 * Unsaved attribute edits of the localization tab, kept in session storage per route and product
 * (spec §2) so a reload keeps them: { [translationId]: { [attributeKey]: text } }.
 */
export type Drafts = Record<string, Record<string, string>>;

export const draftKey = (productId: string) => `trellis.localization-draft.product.${productId}`;

export function loadDrafts(productId: string): Drafts {
  try {
    const raw = sessionStorage.getItem(draftKey(productId));
    const v = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Drafts) : {};
  } catch {
    return {};
  }
}

export function saveDrafts(productId: string, drafts: Drafts): void {
  const kept = Object.fromEntries(Object.entries(drafts).filter(([, d]) => Object.keys(d).length));
  try {
    if (Object.keys(kept).length) sessionStorage.setItem(draftKey(productId), JSON.stringify(kept));
    else sessionStorage.removeItem(draftKey(productId));
  } catch {
    /* storage full or disabled: edits live until the page closes */
  }
}
