import { USAGE_BUSY, type UsageFile } from '@trellis/domain/usage/file';
import { apiUrl } from '../../api/client.ts';
import { pathTo } from '../../app/routes.ts';

/** How often a page asks again while the server is still working on a spreadsheet. */
export const POLL_MS = 1000;

export const fileApi = (id: string) => `/usage/files/${id}`;
export const filePage = (id: string) => pathTo('usages.details', { id });

/** Whether the server is still receiving or parsing the file's spreadsheet. */
export const isBusy = (f: Pick<UsageFile, 'status'> | undefined) => !!f && USAGE_BUSY.includes(f.status);

/** A chunk's spreadsheet (its records), a same-origin GET the session cookie authenticates. */
export const chunkDownload = (id: string) => apiUrl(`/usage/chunks/${id}/download`);
