import { sql } from 'kysely';
import {
  agreementVersionResource,
  type Agreement,
  type AgreementDocument,
  type AgreementVersion,
} from '@trellis/domain';
import { actorOf, type Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { saveStamped, type Db, type Served } from '../../resources/engine.ts';
import { agreementParentVisible, agreementVisible } from './access.ts';
import { reviseContracts } from './contract-versions.ts';
import { agreements, documentLink, withVersion } from './agreements.ts';
import { agreementVersionTable } from './tables.ts';

// Agreement versions (/agreements/{id}/versions; reference workflow agreement-versions): the owner drafts a new
// version (a copy of the latest document unless given one), edits it while it is a draft, and activates it; the
// version active until then is superseded, and every open contract under the agreement gets a new version.
// Partners read active and superseded versions, never the owner's drafts.

const now = () => new Date().toISOString();

/** The document a create or update body describes: a link, or markdown text (a PDF comes by upload). */
function documentOf(input: { format?: string; text?: string; link?: string } | undefined, base: AgreementDocument) {
  if (!input) return base;
  if (input.format === 'link' || (input.link && input.format !== 'markdown')) {
    if (!input.link) throw ApiError.badRequest('document.link: A link document needs its URL.');
    return { format: 'link' as const, link: input.link };
  }
  if (input.format === 'pdf') throw ApiError.badRequest("document.format: Upload a PDF to the version's document.");
  return { format: 'markdown' as const, text: input.text ?? (base.format === 'markdown' ? (base.text ?? '') : '') };
}

export const agreementVersions: Served<AgreementVersion> = {
  decl: agreementVersionResource,
  table: agreementVersionTable,
  key: (v) => ({ agreement_id: v.agreement.id, version: v.version }),
  idColumn: 'version',
  owner: (v) => v.agreement.owner.id,
  parentVisible: agreementParentVisible,
  scope: (ctx, params) => sql<boolean>`t.agreement_id = ${params.agreementId ?? ''}
    and (t.status <> 'draft' or t.account_id = ${ctx.account.id})
    and exists (select 1 from agreements a where a.id = t.agreement_id and ${agreementVisible(ctx, 'a')})`,
  async create(ctx, input, params, db) {
    const agreement = await lockAgreement(db, ctx, params.agreementId ?? '');
    const { rows } = await sql<{ version: number; data: AgreementVersion }>`select version, data from agreement_versions
      where agreement_id = ${agreement.id} order by version desc limit 1`.execute(db);
    const latest = rows[0]?.data;
    const at = now();
    const author = actorOf(ctx);
    const version = (rows[0]?.version ?? 0) + 1;
    return {
      agreement: {
        id: agreement.id,
        title: agreement.title,
        name: agreement.title,
        description: agreement.description,
        type: agreement.type,
        owner: agreement.owner,
      },
      version,
      status: 'draft',
      active: false,
      author: { id: author.id, name: author.name },
      document: documentOf(input.document, latest?.document ?? { format: 'markdown', text: '' }),
      link: documentLink(agreement.id, version),
      version_created: at,
      version_contracts: 0,
      events: {},
    };
  },
  async update(_ctx, current, input) {
    return { ...current, document: documentOf(input.document, current.document) };
  },
  actions: {
    /** The new terms: supersede the active version, move the agreement onto this one, version open contracts. */
    async activate(ctx, current, _body, _params, db) {
      const agreement = await lockAgreement(db, ctx, current.agreement.id);
      const at = now();
      const by = actorOf(ctx);
      const { rows: previous } = await sql<{ data: AgreementVersion }>`select data from agreement_versions
        where agreement_id = ${agreement.id} and status = 'active' for update`.execute(db);
      for (const { data } of previous) {
        const superseded = {
          ...data,
          status: 'superseded' as const,
          active: false,
          events: { ...data.events, superseded: { at, by }, updated: { at, by } },
        };
        await sql`update agreement_versions set status = 'superseded', updated_at = ${at}, data = ${JSON.stringify(superseded)}::jsonb
          where agreement_id = ${agreement.id} and version = ${data.version}`.execute(db);
      }
      const next: AgreementVersion = { ...current, status: 'active', active: true };
      const contracts = previous.length ? await reviseContracts(ctx, agreement, next.version, db) : 0;
      await saveStamped(agreements, ctx, agreement, withVersion({ ...agreement, active: true }, next), 'update', db);
      return { ...next, version_contracts: contracts };
    },
  },
};

/** The caller's own agreement, locked for a change that hangs under it. */
async function lockAgreement(db: Db, ctx: Ctx, id: string): Promise<Agreement> {
  const row = await db
    .selectFrom('agreements')
    .select(['data', 'account_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw ApiError.notFound('Agreement');
  if (row.account_id !== ctx.account.id) throw ApiError.forbidden('Only the owner of the agreement can change it.');
  return row.data as Agreement;
}
