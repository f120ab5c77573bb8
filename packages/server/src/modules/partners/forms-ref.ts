import { sql } from 'kysely';
import type { FormSchema } from '@trellis/domain/parameters/form-schema';
import type { Db } from '../../resources/engine.ts';

/** A custom form as agreements and contracts use it: its owner, kind, current version and fields. */
export interface FormRef {
  id: string;
  owner: string;
  type: 'enroll' | 'product' | 'item';
  version: number;
  status: string;
  name: string;
  schema: FormSchema;
}

/** One form by id (agreement_forms keeps each form as returned in `data`), whoever owns it. */
export async function formOf(db: Db, id: string): Promise<FormRef | undefined> {
  const { rows } = await sql<{ id: string; account_id: string; data: any }>`
    select id, account_id, data from agreement_forms where id = ${id}`.execute(db);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    owner: r.account_id,
    type: r.data.type,
    version: Number(r.data.version ?? 1),
    status: r.data.status ?? 'draft',
    name: r.data.name ?? '',
    schema: r.data.schema ?? { fields: [] },
  };
}
