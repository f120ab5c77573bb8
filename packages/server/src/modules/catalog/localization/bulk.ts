import type { TranslationAttribute } from '@trellis/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { recordAudit } from '../../../resources/audit.ts';
import { stampUpdated, updateObject } from '../../../resources/engine.ts';
import { attributes, translations, visibleTranslation } from './served.ts';
import { productSources } from './sources.ts';
import {
  editAttribute,
  presentAttribute,
  requireLocalizationAccess,
  requireOwned,
  syncAttributes,
  type StoredAttribute,
} from './store.ts';

export interface BulkEdit {
  where: string;
  key: string;
  value?: string | null;
  comment?: string | null;
}

/**
 * Several attribute edits (a JSON list or an uploaded spreadsheet) in one transaction: all or none.
 * Returns the attributes that changed. `confirm` as in editAttribute.
 */
export async function applyAttributeEdits(
  db: Kysely<DB>,
  ctx: Ctx,
  translationId: string,
  edits: BulkEdit[],
  confirm: boolean,
): Promise<TranslationAttribute[]> {
  requireLocalizationAccess(ctx);
  return db.transaction().execute(async (trx) => {
    const t = await visibleTranslation(trx, ctx, translationId, true);
    if (!t) throw ApiError.notFound('Translation');
    requireOwned(ctx, t);
    await syncAttributes(trx, t, await productSources(trx, t.context.instance_id));
    const rows = await trx
      .selectFrom('translation_attributes')
      .select(['key', 'data'])
      .where('translation_id', '=', t.id)
      .execute();
    const byKey = new Map(rows.map((r) => [r.key, r.data as StoredAttribute]));
    const seen = new Map<string, string>();
    for (const e of edits) {
      if (!byKey.has(e.key))
        throw ApiError.badRequest(`${e.where}: unknown attribute key '${e.key}' for translation ${t.id}.`);
      if (seen.has(e.key))
        throw ApiError.badRequest(`${e.where}: key '${e.key}' is given twice (also ${seen.get(e.key)}).`);
      seen.set(e.key, e.where);
    }
    const changed: StoredAttribute[] = [];
    for (const e of edits) {
      const next = editAttribute(byKey.get(e.key)!, e, confirm);
      if (!next) continue;
      const stamped = stampUpdated(ctx, next);
      await updateObject(attributes, stamped, trx);
      changed.push(stamped);
    }
    if (changed.length) {
      await recordAudit(trx, ctx, {
        res: translations,
        objectId: t.id,
        action: 'update-attributes',
        owner: t.owner.id,
        before: Object.fromEntries(changed.map((c) => [c.key, byKey.get(c.key)!.value])),
        after: Object.fromEntries(changed.map((c) => [c.key, c.value])),
      });
    }
    return changed.map(presentAttribute);
  });
}
