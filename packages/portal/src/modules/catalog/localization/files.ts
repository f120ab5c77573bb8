import { XLSX_MIME } from '@trellis/domain/catalog/localization';
import { apiUrl, SESSION_HEADER } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { getSessionId } from '../../../api/session-id.ts';

const attributesPath = (translationId: string) => `/localization/translations/${translationId}/attributes`;

function headers(extra: Record<string, string>): Record<string, string> {
  const sid = getSessionId();
  return sid ? { ...extra, [SESSION_HEADER]: sid } : extra;
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* plain text */
  }
  return new ApiError(res.status, body);
}

/** The translation's attributes as a spreadsheet (GET with Accept: xlsx), saved through the browser. */
export async function downloadAttributes(translationId: string, fileName: string): Promise<void> {
  const res = await fetch(apiUrl(attributesPath(translationId), 'ordering(key)'), {
    headers: headers({ accept: XLSX_MIME }),
    credentials: 'same-origin',
  });
  if (!res.ok) throw await failure(res);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Upload the filled-in spreadsheet (PUT, all or nothing); answers the attributes that changed. */
export async function uploadAttributes(translationId: string, file: Blob): Promise<unknown[]> {
  const res = await fetch(apiUrl(attributesPath(translationId)), {
    method: 'PUT',
    body: file,
    credentials: 'same-origin',
    headers: headers({ 'content-type': XLSX_MIME, accept: 'application/json' }),
  });
  if (!res.ok) throw await failure(res);
  const body = await res.json().catch(() => []);
  return Array.isArray(body) ? body : [];
}
