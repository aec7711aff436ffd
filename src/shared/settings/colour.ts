/** An embed's colour as the page and the audit write it, and as an owner types it. */

/** '#5865F2', as the page and the audit write a colour. */
export const colourHex = (colour: number) => `#${colour.toString(16).padStart(6, '0').toUpperCase()}`;

/** A colour typed as '#5865f2' or '5865F2' (three digits too: '#f80'), or null when it is not one. */
export function parseColourHex(text: string): number | null {
  const digits = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim())?.[1];
  if (digits === undefined) return null;
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  return Number.parseInt(full, 16);
}
