export { api, apiRequest, apiUrl, onApiStatus, API_BASE, SESSION_HEADER, type RequestOptions } from './client.ts';
export { ApiError, errorMessage, extractMessage } from './errors.ts';
export { fetchPage, listAll, parseContentRange, type ContentRange, type Page } from './list.ts';
export { getSessionId, setSessionId } from './session-id.ts';
