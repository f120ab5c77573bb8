// The session id travels in the x-session-id header (the server refuses cookie-only writes).
// It is not a secret on its own (the HttpOnly cookie is), so local storage is fine; every tab shares it.
const KEY = 'trellis.session_id';

export function getSessionId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setSessionId(id: string | null | undefined): void {
  try {
    if (id) localStorage.setItem(KEY, id);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage disabled: the cookie still authenticates reads */
  }
}
