import type { Translation } from '@trellis/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { attributeStatus, saveTranslation, syncAttributes, type StoredAttribute } from './store.ts';
import { productSources } from './sources.ts';

/**
 * Machine translation. Trellis ships no translation service: unless one is plugged in with
 * setMachineTranslator, an automatic translation fails honestly ("no service configured") and the
 * translation stays usable by hand; `retry` queues it again. Nothing is ever invented.
 */
export type MachineTranslator = (req: { from: string | null; to: string; texts: string[] }) => Promise<string[]>;

let translator: MachineTranslator | null = null;
export function setMachineTranslator(fn: MachineTranslator | null) {
  translator = fn;
}
export const NO_TRANSLATOR =
  'No machine translation service is configured; translate the attributes by hand or import a spreadsheet.';

async function finish(db: Kysely<DB>, translationId: string, taskId: string, error: string | null) {
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('translations')
      .select('data')
      .where('id', '=', translationId)
      .forUpdate()
      .executeTakeFirst();
    const task = await trx.selectFrom('translation_tasks').select('data').where('id', '=', taskId).executeTakeFirst();
    if (task) {
      const done = {
        ...task.data,
        status: error ? 'error' : 'success',
        error_message: error,
        events: { ...task.data.events, finished: { at } },
      };
      await trx
        .updateTable('translation_tasks')
        .set({ status: done.status, data: JSON.stringify(done) })
        .where('id', '=', taskId)
        .execute();
    }
    if (!row) return;
    const t = row.data as Translation;
    const next: Translation = {
      ...t,
      auto: error ? { enabled: true, status: 'failed', error_message: error } : { enabled: true, status: 'success' },
      status: t.status === 'processing' ? 'inactive' : t.status,
      events: { ...t.events, updated: { at, by: { id: 'system', name: 'System' } } },
    };
    await saveTranslation(trx, next);
  });
}

/** Fill the empty values of a translation through the configured service, marking them auto_translated. */
export async function autoTranslate(db: Kysely<DB>, payload: { translationId: string; taskId: string }) {
  const row = await db
    .selectFrom('translations')
    .select('data')
    .where('id', '=', payload.translationId)
    .executeTakeFirst();
  if (!row) return;
  const t = row.data as Translation;
  await db.updateTable('translation_tasks').set({ status: 'processing' }).where('id', '=', payload.taskId).execute();
  if (!translator) return finish(db, t.id, payload.taskId, NO_TRANSLATOR);
  try {
    await syncAttributes(db, t, await productSources(db, t.context.instance_id));
    const rows = await db
      .selectFrom('translation_attributes')
      .select(['key', 'data'])
      .where('translation_id', '=', t.id)
      .execute();
    const todo = rows.map((r) => r.data as StoredAttribute).filter((a) => a.value == null || a.value === '');
    const primary = await db
      .selectFrom('translations')
      .select('locale_id')
      .where('context_id', '=', t.context.id)
      .where('is_primary', '=', true)
      .executeTakeFirst();
    const out = todo.length
      ? await translator({ from: primary?.locale_id ?? null, to: t.locale.id, texts: todo.map((a) => a.original) })
      : [];
    if (out.length !== todo.length)
      throw new Error(`the translation service returned ${out.length} texts for ${todo.length}`);
    const at = new Date().toISOString();
    for (const [i, a] of todo.entries()) {
      const next: StoredAttribute = {
        ...a,
        value: out[i],
        translated_from: a.original,
        auto_translated: true,
        events: { ...a.events, updated: { at, by: { id: 'system', name: 'System' } } },
      };
      next.status = attributeStatus(next);
      await db
        .updateTable('translation_attributes')
        .set({
          value: next.value,
          translated_from: next.translated_from,
          status: next.status,
          updated_at: at,
          data: JSON.stringify(next),
        })
        .where('translation_id', '=', t.id)
        .where('key', '=', a.key)
        .execute();
    }
    await finish(db, t.id, payload.taskId, null);
  } catch (e) {
    await finish(
      db,
      t.id,
      payload.taskId,
      `Automatic translation failed: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}
