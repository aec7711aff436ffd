/** How long a text may be in the audit before it is cut. */
const AUDIT_TEXT_LENGTH = 80;

/** The audit's text of a message: its start, on one line, in quotes. */
export const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > AUDIT_TEXT_LENGTH ? `“${line.slice(0, AUDIT_TEXT_LENGTH - 1)}…”` : `“${line}”`;
};
