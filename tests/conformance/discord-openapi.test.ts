/**
 * Conformance against Discord's OpenAPI document: every Discord call the Worker makes (read from src/worker/discord)
 * exists in it with the query names it sends, and the fake's answers to it validate against its response schemas,
 * errors and rate limits included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeDiscord, DEMO_BOT_TOKEN, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';
import { caseKey, CONFORMANCE_CASES, GENERATED_GUILD, USER_AGENT } from './helpers/cases.ts';
import type { CaseContext, ConformanceCase } from './helpers/cases.ts';
import { SchemaValidator } from './helpers/json-schema.ts';
import type { Schema } from './helpers/json-schema.ts';
import { loadOpenApiDocument, missingDocumentMessage, PINNED_SHA256 } from './helpers/openapi-document.ts';

const ROOT = process.cwd();

const openApi = loadOpenApiDocument(ROOT);

// Without the document the checks cannot run, and that fails here, saying where to put it.
it("finds Discord's OpenAPI document where the tests look for it", () => {
  if (openApi === null) expect.fail(missingDocumentMessage(ROOT));
});

describe.runIf(openApi !== null)("against Discord's OpenAPI document", () => {
  const document = openApi?.document ?? {};
  const validator = new SchemaValidator(document);
  const paths = (document.paths ?? {}) as Record<string, Record<string, Schema | undefined> | undefined>;
  let fake: FakeDiscord;
  let context: CaseContext;

  beforeAll(async () => {
    fake = createFakeDiscord({ botGuilds: 3 });
    await fake.app.request('/__demo/rate-limits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    const issued = await fake.app.request('/__demo/issue-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: DEMO_USER_IDS.owner }),
    });
    const tokens = await issued.json<{ access_token: string; refresh_token: string }>();
    context = { userToken: tokens.access_token, refreshToken: tokens.refresh_token };
  });

  it('is the version the cases were written against', () => {
    expect(openApi?.sha256, `${openApi?.path ?? ''} differs from the pinned document; check the cases, then update PINNED_SHA256`).toBe(PINNED_SHA256);
  });

  const operation = (entry: { method: string; template: string }): Schema | undefined => paths[entry.template]?.[entry.method.toLowerCase()];

  function queryParameters(entry: ConformanceCase): string[] {
    const declared = [
      ...((paths[entry.template]?.parameters as Schema[] | undefined) ?? []),
      ...((operation(entry)?.parameters as Schema[] | undefined) ?? []),
    ];
    return declared
      .map((parameter) => validator.resolve(parameter))
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => String(parameter.name));
  }

  function responseFor(entry: ConformanceCase, status: number): Schema {
    const responses = (operation(entry)?.responses ?? {}) as Record<string, Schema>;
    const declared = responses[String(status)] ?? responses[`${String(status).charAt(0)}XX`];
    if (declared === undefined) throw new Error(`${caseKey(entry)} declares no ${status} answer`);
    return validator.resolve(declared);
  }

  function bodySchema(response: Schema): Schema {
    const content = response.content as Record<string, { schema: Schema }> | undefined;
    const schema = content?.['application/json']?.schema;
    if (schema === undefined) throw new Error('the answer has no JSON schema');
    return schema;
  }

  async function expectConforming(entry: ConformanceCase, url: string, response: Response): Promise<void> {
    const body: unknown = await response.json();
    const declared = entry.answerSchema === undefined ? responseFor(entry, response.status) : null;
    const schema = entry.answerSchema ?? bodySchema(declared ?? {});
    const { errors, undeclared } = validator.validate(body, schema);
    expect(errors, `${url} answered ${response.status}: ${JSON.stringify(errors.slice(0, 5))}`).toEqual([]);
    expect(undeclared, `${url}: fields the document does not declare`).toEqual([]);
    for (const header of Object.keys(declared?.headers ?? {})) expect(response.headers.get(header), `${url}: header ${header}`).not.toBeNull();
  }

  const restCases = CONFORMANCE_CASES.filter((entry) => entry.answerSchema === undefined);

  it.each(restCases.map((entry) => [caseKey(entry), entry] as const))('%s exists in the document with every query name the Worker sends', (_key, entry) => {
    expect(operation(entry), `${caseKey(entry)} is not in the document's paths`).toBeDefined();
    const declared = queryParameters(entry);
    for (const name of entry.query) expect(declared, `query "${name}" of ${caseKey(entry)}`).toContain(name);
  });

  it.each(CONFORMANCE_CASES.map((entry) => [caseKey(entry), entry] as const))("the fake's 200 answers to %s validate", async (_key, entry) => {
    for (const { url, init } of entry.requests(context)) {
      const response = await fake.app.request(url, init);
      expect(response.status, url).toBe(200);
      await expectConforming(entry, url, response);
    }
  });

  const guildCase = (template: string): ConformanceCase => {
    const entry = restCases.find((candidate) => candidate.template === template);
    if (entry === undefined) throw new Error(`no case for ${template}`);
    return entry;
  };
  const bot = { headers: { Authorization: `Bot ${DEMO_BOT_TOKEN}`, 'User-Agent': USER_AGENT } };

  it.each([
    ['403 Missing Access', `/guilds/${DEMO_GUILD_IDS.ownerSandbox}/roles`, 403],
    ['404 Unknown Guild', '/guilds/399999999999999999/roles', 404],
    ['404 Unknown Member', `/guilds/${GENERATED_GUILD}/members/${DEMO_USER_IDS.member}`, 404],
    ['404 Unknown User', `/guilds/${DEMO_GUILD_IDS.kenjiLounge}/members/700000000000000001`, 404],
  ])("the fake's %s validates as the document's error answer", async (_name, path, status) => {
    const response = await fake.app.request(`/api/v10${path}`, bot);
    expect(response.status).toBe(status);
    await expectConforming(guildCase(path.includes('/members/') ? '/guilds/{guild_id}/members/{user_id}' : '/guilds/{guild_id}/roles'), path, response);
  });

  it.each([
    ['per-route', { routes: { 'GET /guilds/{guild_id}/roles': { limit: 1, windowMs: 60000 } } }],
    ['global', { globalPerSecond: 1 }],
  ])("the fake's %s 429 validates as the document's rate-limited answer", async (_name, limits) => {
    const limited = createFakeDiscord();
    await limited.app.request('/__demo/rate-limits', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(limits) });
    const path = `/guilds/${DEMO_GUILD_IDS.kenjiLounge}/roles`;
    expect((await limited.app.request(`/api/v10${path}`, bot)).status).toBe(200);
    const refused = await limited.app.request(`/api/v10${path}`, bot);
    expect(refused.status).toBe(429);
    const { errors, undeclared } = validator.validate(await refused.json(), bodySchema(responseFor(guildCase('/guilds/{guild_id}/roles'), 429)));
    // The document's RatelimitedResponse requires a `code`; Discord's rate-limit page shows the body without one,
    // and discord-api-spec's README says to follow the docs where the two differ.
    expect(errors).toEqual([{ at: '/', message: "must have required property 'code'" }]);
    expect(undeclared).toEqual([]);
  });
});
