import { apiUrl, SESSION_HEADER } from '../../../../api/client.ts';
import { ApiError } from '../../../../api/errors.ts';
import { getSessionId } from '../../../../api/session-id.ts';

export type FetchedDocument = { kind: 'html'; html: string } | { kind: 'pdf'; blob: Blob };

/**
 * A version's document as the API serves it: HTML (markdown rendered and sanitised by the server) or a PDF. Read
 * with fetch, not as a frame's URL, so the session header goes along like on every other call.
 */
export async function fetchDocument(path: string, signal?: AbortSignal): Promise<FetchedDocument> {
  const sid = getSessionId();
  const res = await fetch(apiUrl(path), {
    headers: { accept: 'text/html, application/pdf', ...(sid ? { [SESSION_HEADER]: sid } : {}) },
    credentials: 'same-origin',
    // a link document answers with a redirect to another site: the caller shows the link instead
    redirect: 'manual',
    signal,
  });
  if (res.type === 'opaqueredirect') throw new ApiError(302, 'The document is kept at another address.');
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* plain text */
    }
    throw new ApiError(res.status, body);
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('pdf')) return { kind: 'pdf', blob: await res.blob() };
  return { kind: 'html', html: await res.text() };
}
