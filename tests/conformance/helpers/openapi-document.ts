/**
 * Discord's official OpenAPI document (github.com/discord/discord-api-spec, specs/openapi.json), found outside
 * git: the workplace keeps files brought in from other repositories out of our commits, so the document is
 * looked for where tests/fixtures/discord-openapi/README.md says to put it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Schema } from './json-schema.ts';

/** The document the conformance tests were written against (commit 74fda0f, "Automated spec update (242668)"). */
export const PINNED_SHA256 = '8c1d0707ccdf8e380a86dfba04058820a66435c1b69d5ed82e04dd8c0520dd73';

export interface OpenApiDocument {
  path: string;
  sha256: string;
  document: Schema;
}

/** Where to look, first found wins: DISCORD_OPENAPI_JSON, the ignored fixture, then shared/ beside the repository. */
export function candidatePaths(root: string, env: Record<string, string | undefined> = process.env): string[] {
  const fromEnv = env.DISCORD_OPENAPI_JSON;
  return [
    ...(fromEnv === undefined || fromEnv === '' ? [] : [resolve(fromEnv)]),
    join(root, 'tests/fixtures/discord-openapi/openapi.json'),
    join(root, '../shared/discord-openapi/openapi.json'),
  ];
}

/** Why the conformance tests fail without the document, and where to put it. */
export function missingDocumentMessage(root: string): string {
  return [
    "Discord's OpenAPI document was not found. The conformance tests need it; they looked at:",
    ...candidatePaths(root).map((path, index) => `  ${index + 1}. ${path}`),
    'Put specs/openapi.json of discord/discord-api-spec at commit 74fda0fad044407ea280043a03ffc9bc64c4e49e at one of them,',
    'or name its path in DISCORD_OPENAPI_JSON: see tests/fixtures/discord-openapi/README.md.',
  ].join('\n');
}

export function loadOpenApiDocument(root: string): OpenApiDocument | null {
  const path = candidatePaths(root).find((candidate) => existsSync(candidate));
  if (path === undefined) return null;
  const text = readFileSync(path);
  const document: unknown = JSON.parse(text.toString('utf8'));
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw new Error(`${path} is not an OpenAPI document`);
  return { path, sha256: createHash('sha256').update(text).digest('hex'), document: { ...document } };
}
