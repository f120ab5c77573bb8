import { apiUrl, reportApiStatus, SESSION_HEADER } from './client.ts';
import { ApiError } from './errors.ts';
import { getSessionId } from './session-id.ts';

export interface UploadProgress {
  /** Bytes sent so far and in all (the multipart body, a little more than the file). */
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Called as the body goes out (fetch reports no upload progress, XMLHttpRequest does). */
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST a multipart/form-data body with upload progress, authenticated like every API call (cookie and session
 * header). Answers the parsed JSON; a non-ok answer throws ApiError, an abort throws an AbortError.
 */
export function uploadForm<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (opts.signal?.aborted) return reject(cancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const sessionId = getSessionId();
    if (sessionId) xhr.setRequestHeader(SESSION_HEADER, sessionId);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      reportApiStatus(xhr.status, path);
      reject(new ApiError(xhr.status, body));
    };
    // the network failed (or the server cut the body short, as it does past the size limit)
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(cancelled());
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
