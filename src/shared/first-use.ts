/**
 * A value made the first time it is asked for. An Intl formatter (the first loads the ICU data) or a regular expression
 * of Unicode properties costs tens of milliseconds to make on a phone-class CPU: made when its module loads, it would
 * hold back the page's hydration, though most pages never use it before someone types or opens a dialog.
 */
export function firstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
