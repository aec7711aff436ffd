/**
 * Reads what `mongoexport` wrote: one document per line (the default), `--jsonArray`, and `--pretty` output
 * of either. The text is split into its JSON values by brackets rather than line breaks, so a pretty
 * document spans lines and one broken document costs only itself.
 */
import { decodeExtendedJson, type Plain } from './extended-json.ts';

export interface ExportDocument {
  /** 1-based line where the document starts, for the report. */
  line: number;
  value: Plain;
}

export interface UnreadableText {
  line: number;
  reason: string;
}

export interface ExportContents {
  documents: ExportDocument[];
  unreadable: UnreadableText[];
}

interface Chunk {
  line: number;
  text: string;
}

const isBlank = (char: string) => /[\s,]/.test(char);

/** Where the value starting at `start` ends: its closing bracket, or the end of its line for anything else. */
function valueEnd(text: string, start: number): number {
  if (text[start] !== '{' && text[start] !== '[') {
    const newline = text.indexOf('\n', start);
    return newline < 0 ? text.length : newline;
  }
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The JSON values of a text, separated by whitespace or commas (so an array's inner text works too). */
function scanValues(text: string, firstLine: number): Chunk[] {
  const chunks: Chunk[] = [];
  let line = firstLine;
  let i = 0;
  while (i < text.length) {
    const char = text.charAt(i);
    if (isBlank(char)) {
      if (char === '\n') line++;
      i++;
      continue;
    }
    const end = valueEnd(text, i);
    const chunk = text.slice(i, end);
    chunks.push({ line, text: chunk });
    line += (chunk.match(/\n/g) ?? []).length;
    i = end;
  }
  return chunks;
}

/**
 * Relaxed Extended JSON writes 64-bit integers as bare numbers, and a Discord id as a number past 2^53 would
 * lose its last digits: such integers are kept as their digits (the reviver's `source`, Node 21+).
 */
const exactIntegers = (_key: string, value: unknown, context?: { source?: string }): unknown =>
  typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && context?.source ? context.source : value;

function parseChunk(chunk: Chunk): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(chunk.text, exactIntegers) as unknown };
  } catch (error) {
    return { ok: false, reason: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** A `--jsonArray` is read element by element, so one broken element does not hide the others. */
function documentChunks(text: string): Chunk[] {
  return scanValues(text, 1).flatMap((chunk) =>
    chunk.text.startsWith('[') && chunk.text.endsWith(']') ? scanValues(chunk.text.slice(1, -1), chunk.line) : [chunk],
  );
}

/** The documents of an export file, each decoded from Extended JSON, and the text that is not JSON. */
export function readExport(text: string): ExportContents {
  const contents: ExportContents = { documents: [], unreadable: [] };
  for (const chunk of documentChunks(text.replace(/^\uFEFF/, ''))) {
    const parsed = parseChunk(chunk);
    if (parsed.ok) contents.documents.push({ line: chunk.line, value: decodeExtendedJson(parsed.value) });
    else contents.unreadable.push({ line: chunk.line, reason: parsed.reason });
  }
  return contents;
}
