/**
 * "This browser has signed in": a flag in localStorage, never the session itself (that is an
 * HttpOnly cookie). Pages of visitors without it load no account code and make no request.
 */
const hintKey = "jai.signed-in";
/** Fired on window when this tab sets or clears the flag (other tabs get a `storage` event). */
export const sessionHintEvent = "jai:session-hint";

export function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(hintKey) === "1";
  } catch {
    return false;
  }
}

export function setSessionHint(isSignedIn: boolean): void {
  try {
    if (isSignedIn === hasSessionHint()) return;
    if (isSignedIn) localStorage.setItem(hintKey, "1");
    else localStorage.removeItem(hintKey);
    window.dispatchEvent(new Event(sessionHintEvent));
  } catch {
    // Storage blocked (private mode): the header then learns from the session events alone.
  }
}

/** Whether a `storage` event is about the flag. */
export function isSessionHintChange(event: StorageEvent): boolean {
  return event.key === hintKey || event.key === null;
}
