import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { USAGE_ASSET_CRITERIA, USAGE_ITEM_CRITERIA, USAGE_RECORD_COLUMNS } from '@trellis/domain';
import type { DB } from '../../../db/schema.ts';
import { can, type Ctx } from '../../../http/context.ts';
import { ApiError } from '../../../http/errors.ts';
import { requireCtx } from '../../../http/reply.ts';
import type { Api } from '../../types.ts';
import { productFor } from '../visibility.ts';

const USAGE_MODULE = 'MD-0005';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows of the records sheet that get the search-criteria drop-downs. */
const VALIDATED_ROWS = 1000;

async function usageProduct(db: Kysely<DB>, ctx: Ctx, productId: string) {
  const product = await productFor(db, ctx, productId);
  if (!can(ctx, USAGE_MODULE)) throw ApiError.forbidden(`Access to module ${USAGE_MODULE} is not granted.`);
  return product;
}

const column = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/** The usage file a vendor fills for a product: a general sheet, the records sheet with its columns, and the product's items. */
export async function usageTemplate(db: Kysely<DB>, product: { id: string; data: any }): Promise<Buffer> {
  const items = await db
    .selectFrom('items')
    .select('data')
    .where('product_id', '=', product.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Trellis';
  wb.created = new Date();

  const general = wb.addWorksheet('general');
  general.columns = [
    { header: 'Field', key: 'field', width: 24 },
    { header: 'Value', key: 'value', width: 60 },
  ];
  general.addRows([
    { field: 'Product ID', value: product.id },
    { field: 'Product name', value: product.data.name },
    { field: 'Vendor', value: product.data.owner?.name ?? '' },
    { field: 'Generated at', value: new Date().toISOString() },
    {
      field: 'Instructions',
      value: 'Fill one row per usage record in the "records" sheet; the "items" sheet lists the items to search by.',
    },
  ]);
  general.getRow(1).font = { bold: true };

  const records = wb.addWorksheet('records', { views: [{ state: 'frozen', ySplit: 1 }] });
  records.columns = USAGE_RECORD_COLUMNS.map((c) => ({ header: c, key: c, width: Math.max(14, c.length + 4) }));
  records.getRow(1).font = { bold: true };
  const list = (values: readonly string[]) => ({
    type: 'list' as const,
    allowBlank: true,
    formulae: [`"${values.join(',')}"`],
  });
  for (const [name, values] of [
    ['item_search_criteria', USAGE_ITEM_CRITERIA],
    ['asset_search_criteria', USAGE_ASSET_CRITERIA],
  ] as const) {
    const col = column(USAGE_RECORD_COLUMNS.indexOf(name) + 1);
    for (let r = 2; r <= VALIDATED_ROWS; r++) records.getCell(`${col}${r}`).dataValidation = list(values);
  }

  const itemSheet = wb.addWorksheet('items');
  itemSheet.columns = [
    { header: 'item_id', key: 'id', width: 26 },
    { header: 'local_id', key: 'local_id', width: 16 },
    { header: 'mpn', key: 'mpn', width: 20 },
    { header: 'name', key: 'name', width: 36 },
    { header: 'type', key: 'type', width: 12 },
    { header: 'unit', key: 'unit', width: 16 },
    { header: 'precision', key: 'precision', width: 12 },
    { header: 'status', key: 'status', width: 12 },
  ];
  itemSheet.getRow(1).font = { bold: true };
  for (const { data: i } of items) {
    itemSheet.addRow({
      id: i.id,
      local_id: i.local_id ?? '',
      mpn: i.mpn ?? '',
      name: i.name ?? '',
      type: i.type ?? '',
      unit: i.unit?.unit ?? i.unit?.name ?? '',
      precision: i.precision ?? '',
      status: i.status ?? '',
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * GET /usage/products/{id}/template answers `{template_link}` as the reference; the link downloads the .xlsx
 * (the session cookie authenticates a browser download).
 */
export function usageTemplateRoutes(api: Api) {
  const { app, db } = api;
  app.get('/usage/products/:id/template', async (req) => {
    const ctx = requireCtx(req);
    const product = await usageProduct(db, ctx, (req.params as { id: string }).id);
    return { template_link: `/public/v1/usage/products/${product.id}/template/file` };
  });

  app.get('/usage/products/:id/template/file', async (req, reply) => {
    const ctx = requireCtx(req);
    const product = await usageProduct(db, ctx, (req.params as { id: string }).id);
    const body = await usageTemplate(db, product);
    return reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="usage_template_${product.id}.xlsx"`)
      .send(body);
  });
}
