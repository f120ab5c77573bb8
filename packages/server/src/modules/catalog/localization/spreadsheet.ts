import type { Translation, TranslationAttribute } from '@trellis/domain';
import ExcelJS from 'exceljs';
import { ApiError } from '../../../http/errors.ts';

// A translation's attributes as a spreadsheet for translators, and back. Only Key and Value (and
// Comment, when the column is there) are read on import; the other columns are for the translator.

const SHEET = 'Attributes';

export async function attributesWorkbook(t: Translation, attrs: TranslationAttribute[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Trellis';
  const ws = wb.addWorksheet(SHEET);
  ws.columns = [
    { header: 'Key', width: 48 },
    { header: 'Object', width: 18 },
    { header: 'Original', width: 60 },
    { header: 'Value', width: 60 },
    { header: 'Comment', width: 30 },
    { header: 'Status', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const a of attrs)
    ws.addRow([a.key, `${a.object.model} ${a.object.id}`, a.original, a.value ?? null, a.comment ?? null, a.status]);
  const about = wb.addWorksheet('About');
  about.addRows([
    ['Translation', t.id],
    ['Locale', `${t.locale.id} (${t.locale.name})`],
    ['Context', `${t.context.name} (${t.context.instance_id})`],
    ['How to', 'Fill the Value column of the Attributes sheet and upload the file back; other columns are not read.'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A row of the sheet; `where` names its Key cell for messages. */
export interface SheetRow {
  where: string;
  key: string;
  value: string | null;
  comment?: string | null;
}

const letter = (col: number) => String.fromCharCode(64 + col);

/** A cell as text; null when empty. Formulas give their result, rich text its plain text. */
function cellText(v: ExcelJS.CellValue, where: string): string | null {
  if (v == null || v === '') return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v)
      return v.result == null ? null : cellText(v.result as ExcelJS.CellValue, where);
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('error' in v) throw ApiError.badRequest(`${where}: the cell holds the error ${v.error}.`);
  }
  throw ApiError.badRequest(`${where}: unsupported cell content.`);
}

/** The rows of an uploaded workbook; every problem is a 400 naming the row and column. */
export async function readAttributesWorkbook(body: Buffer): Promise<SheetRow[]> {
  if (!body?.length) throw ApiError.badRequest('The request has no spreadsheet in its body.');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw ApiError.badRequest('The file is not a readable .xlsx spreadsheet.');
  }
  const ws = wb.getWorksheet(SHEET) ?? wb.worksheets[0];
  if (!ws) throw ApiError.badRequest('The spreadsheet has no sheets.');
  const header = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const name = typeof cell.value === 'string' ? cell.value.trim().toLowerCase() : '';
    if (name && !header.has(name)) header.set(name, col);
  });
  for (const need of ['key', 'value']) {
    if (!header.has(need))
      throw ApiError.badRequest(
        `Sheet '${ws.name}', row 1: no '${need[0].toUpperCase()}${need.slice(1)}' column header.`,
      );
  }
  const keyCol = header.get('key')!;
  const valueCol = header.get('value')!;
  const commentCol = header.get('comment');
  const rows: SheetRow[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const at = (col: number, name: string) => `Row ${r}, column ${letter(col)} (${name})`;
    const key = cellText(row.getCell(keyCol).value, at(keyCol, 'Key'))?.trim() ?? null;
    const value = cellText(row.getCell(valueCol).value, at(valueCol, 'Value'));
    const comment = commentCol ? cellText(row.getCell(commentCol).value, at(commentCol, 'Comment')) : undefined;
    if (!key) {
      if (value == null && !comment) continue; // a blank line
      throw ApiError.badRequest(`${at(keyCol, 'Key')}: the key is empty.`);
    }
    if (seen.has(key))
      throw ApiError.badRequest(`${at(keyCol, 'Key')}: key '${key}' already appears in row ${seen.get(key)}.`);
    seen.set(key, r);
    if (value != null && value.length > 10000)
      throw ApiError.badRequest(`${at(valueCol, 'Value')}: at most 10000 characters.`);
    if (comment != null && comment.length > 4000)
      throw ApiError.badRequest(`${at(commentCol!, 'Comment')}: at most 4000 characters.`);
    rows.push({ where: at(keyCol, 'Key'), key, value, ...(commentCol ? { comment } : {}) });
  }
  return rows;
}

// ---------------------------------------------------------------- gettext

const po = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\r?\n/g, '\\n')}"`;

/** A gettext catalogue of the translation: msgctxt is the attribute key, msgid the original, msgstr the value. */
export function gettextCatalog(t: Translation, attrs: TranslationAttribute[]): string {
  const language = t.locale.id.replace('-', '_').replace(/^([A-Z]+)/, (m) => m.toLowerCase());
  const lines = [
    `# ${t.context.name} (${t.context.instance_id}) in ${t.locale.name}`,
    'msgid ""',
    'msgstr ""',
    po('Content-Type: text/plain; charset=UTF-8\n'),
    po(`Language: ${language}\n`),
    po(`X-Translation-Id: ${t.id}\n`),
    '',
  ];
  for (const a of attrs) {
    if (a.status === 'outdated') lines.push('#, fuzzy');
    lines.push(`msgctxt ${po(a.key)}`, `msgid ${po(a.original)}`, `msgstr ${po(a.value ?? '')}`, '');
  }
  return lines.join('\n');
}
