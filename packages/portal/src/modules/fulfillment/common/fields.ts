import type { ResourceDecl } from '@trellis/domain/resource/define';
import { getPath } from '@trellis/domain/resource/fields';

/**
 * The declared detail fields of an object, leaving out those in `whenSet` while they hold nothing (a reason before
 * anyone gave one, a T2 the subscription does not have): the page shows what there is, not a column of dashes.
 */
export function shownFields(decl: ResourceDecl, obj: unknown, whenSet: readonly string[]): readonly string[] {
  const all = decl.detail?.fields ?? [];
  if (!obj) return all;
  return all.filter((key) => {
    if (!whenSet.includes(key)) return true;
    const v = getPath(obj, key);
    return v !== null && v !== undefined && v !== '';
  });
}
