// The pop-up's side of single sign-on (only /redirect loads it): telling the login page that opened it.
import { SSO_MESSAGE_TYPE, type SsoMessage } from './sso.ts';

/** Set in the pop-up before it leaves for the provider: it still knows it is the pop-up if the opener link is cut. */
const POPUP_FLAG = 'trellis.sso.popup';

/** The opener when it is this portal's own page (never another site's window). */
function sameOriginOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && opener !== window && opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null; // another origin: reading its location throws
  }
}

/** Called by /redirect?service= before it leaves for the provider. */
export function markPopup() {
  try {
    if (sameOriginOpener()) sessionStorage.setItem(POPUP_FLAG, '1');
  } catch {
    /* storage disabled */
  }
}

/**
 * Hands the outcome to the login page that opened this pop-up and closes it. False when there is none (the pop-up
 * was blocked and the flow ran in the login page's own window): the caller finishes here.
 */
export function tellOpener(message: SsoMessage): boolean {
  let flagged = false;
  try {
    flagged = sessionStorage.getItem(POPUP_FLAG) === '1';
    sessionStorage.removeItem(POPUP_FLAG);
  } catch {
    /* storage disabled */
  }
  const opener = sameOriginOpener();
  if (opener) opener.postMessage(message, window.location.origin);
  else if (flagged && typeof BroadcastChannel === 'function') {
    // a provider page with Cross-Origin-Opener-Policy cut the link: same-origin broadcast instead
    const channel = new BroadcastChannel(SSO_MESSAGE_TYPE);
    channel.postMessage(message);
    channel.close();
  } else return false;
  window.close();
  return true;
}
