/**
 * The message of anything thrown, as a person reads it: an Error's message, else the value as text.
 * An error that crossed a thread boundary may arrive as a plain object (a DOMException such as a
 * DataCloneError is not rebuilt on the other side; it arrives as `{}`), so an object's own `message`
 * is read too, and a value with nothing to say gives `fallback` rather than "[object Object]".
 */
export function errorMessage(e: unknown, fallback = 'an error without a message'): string {
  if (typeof e === 'string') return e || fallback;
  const message = e !== null && typeof e === 'object' ? (e as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message !== '') return message;
  if (e === null || e === undefined || typeof e === 'object') return fallback;
  return String(e);
}
