/** Where the conformance tests look for Discord's OpenAPI document, and what they say when it is nowhere. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { candidatePaths, loadOpenApiDocument, missingDocumentMessage } from './helpers/openapi-document.ts';

let scratch = '';

afterEach(() => {
  vi.unstubAllEnvs();
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
  scratch = '';
});

/** A repository root with no document beside it or in it. */
function emptyRoot(): string {
  scratch = mkdtempSync(join(tmpdir(), 'openapi-document-'));
  const root = join(scratch, 'repository');
  mkdirSync(root);
  return root;
}

describe("Discord's OpenAPI document", () => {
  it('is looked for in DISCORD_OPENAPI_JSON, the ignored fixture, then the shared folder beside the repository', () => {
    expect(candidatePaths('/work/main', { DISCORD_OPENAPI_JSON: '/elsewhere/openapi.json' })).toEqual([
      '/elsewhere/openapi.json',
      '/work/main/tests/fixtures/discord-openapi/openapi.json',
      '/work/shared/discord-openapi/openapi.json',
    ]);
    expect(candidatePaths('/work/main', { DISCORD_OPENAPI_JSON: '' })).toHaveLength(2);
  });

  it('missing, is reported with every place looked at and where to read how to put it there', () => {
    vi.stubEnv('DISCORD_OPENAPI_JSON', '');
    const root = emptyRoot();
    expect(loadOpenApiDocument(root)).toBeNull();
    expect(missingDocumentMessage(root).split('\n')).toEqual([
      "Discord's OpenAPI document was not found. The conformance tests need it; they looked at:",
      `  1. ${join(root, 'tests/fixtures/discord-openapi/openapi.json')}`,
      `  2. ${join(scratch, 'shared/discord-openapi/openapi.json')}`,
      'Put specs/openapi.json of discord/discord-api-spec at commit 74fda0fad044407ea280043a03ffc9bc64c4e49e at one of them,',
      'or name its path in DISCORD_OPENAPI_JSON: see tests/fixtures/discord-openapi/README.md.',
    ]);
  });

  it('is found at DISCORD_OPENAPI_JSON first, with its digest, and refused when it is not an object', () => {
    const root = emptyRoot();
    const path = join(scratch, 'openapi.json');
    writeFileSync(path, '{"openapi":"3.1.0"}');
    vi.stubEnv('DISCORD_OPENAPI_JSON', path);
    expect(loadOpenApiDocument(root)).toEqual({
      path,
      sha256: '1f7b61c52c664d551376cf25d7c387f8c0832ba9fe00995f7d12dd1909ea0de5',
      document: { openapi: '3.1.0' },
    });
    writeFileSync(path, '[]');
    expect(() => loadOpenApiDocument(root)).toThrow(`${path} is not an OpenAPI document`);
  });
});
