/**
 * The Worker's own Discord requests against Discord's OpenAPI document: every call of src/worker/discord is made as
 * the Worker makes it (helpers/worker-requests.ts) and each request is checked (helpers/openapi-requests.ts): its
 * path and path parameters, its query names and values, its body and its credentials. Then the check itself, on
 * requests Discord would refuse. Without the document this file fails, saying where to put it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caseKey, CONFORMANCE_CASES } from './helpers/cases.ts';
import { SchemaValidator } from './helpers/json-schema.ts';
import type { Schema } from './helpers/json-schema.ts';
import { loadOpenApiDocument, missingDocumentMessage } from './helpers/openapi-document.ts';
import { RequestChecker } from './helpers/openapi-requests.ts';
import type { RecordedRequest } from './helpers/openapi-requests.ts';
import { workerDiscordCalls, workerLoginScopes } from './helpers/worker-calls.ts';
import { DISCORD_BASE_URL, recordWorkerRequests } from './helpers/worker-requests.ts';
import type { WorkerRequest } from './helpers/worker-requests.ts';

const ROOT = process.cwd();
const openApi = loadOpenApiDocument(ROOT);

it("finds Discord's OpenAPI document where the tests look for it", () => {
  if (openApi === null) expect.fail(missingDocumentMessage(ROOT));
});

const formSchemas = Object.fromEntries(
  CONFORMANCE_CASES.flatMap((entry) => (entry.requestSchema === undefined ? [] : [[caseKey(entry), entry.requestSchema]])),
) as Record<string, Schema>;

/** The scopes the Worker's login asks for: a user's token has these and no others. */
const loginScopes = workerLoginScopes(ROOT);

function checker(): RequestChecker {
  const document = openApi?.document ?? {};
  return new RequestChecker(document, new SchemaValidator(document), { baseUrl: DISCORD_BASE_URL, loginScopes, formSchemas });
}

describe.runIf(openApi !== null)("the Worker's own Discord requests", () => {
  const check = checker();
  let requests: WorkerRequest[] = [];

  beforeAll(async () => {
    requests = await recordWorkerRequests(loginScopes);
  });

  it('are every call read from its source, and no other', () => {
    const made = [...new Set(requests.map((request) => check.check(request).key))].sort();
    const read = [...new Set(workerDiscordCalls(ROOT).map(caseKey))].sort();
    expect(made, 'a call of src/worker/discord that tests/conformance/helpers/worker-requests.ts does not make, or the reverse').toEqual(read);
  });

  it('conform to the document: path parameters, query names and values, bodies and credentials', () => {
    expect(requests.length).toBeGreaterThanOrEqual(13);
    const problems = requests.flatMap((request) =>
      check.check(request).problems.map((problem) => `${request.by}: ${request.method} ${request.url}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('ask for the scopes the Worker’s login asks for, and send the query values the Worker means', () => {
    expect(loginScopes).toEqual(['identify', 'guilds', 'guilds.members.read']);
    const queries = requests.filter((request) => new URL(request.url).search !== '').map((request) => `${request.by} ${new URL(request.url).search}`);
    // A member search sends the name as typed (UTF-8, form-encoded) and the picker's 25, within Discord's 1–1000.
    expect(queries).toEqual(['getUserGuilds ?with_counts=true&limit=200', 'searchGuildMembers ?query=Demo+%C3%96+%C3%BC&limit=25']);
  });
});

describe.runIf(openApi !== null)('the request check refuses what Discord would', () => {
  const check = checker();
  const headers = (authorization: string, extra: Record<string, string> = {}) => ({
    authorization,
    'user-agent': 'DiscordBot (http://localhost, 1.0)',
    ...extra,
  });
  const rest = (path: string, init: Partial<RecordedRequest> = {}): RecordedRequest => ({
    method: 'GET',
    url: `${DISCORD_BASE_URL}/api/v10${path}`,
    headers: headers('Bot token'),
    body: null,
    ...init,
  });
  const problems = (request: RecordedRequest) => check.check(request).problems;

  it.each([
    ['/guilds/300000000000000001', 'GET /guilds/{guild_id}'],
    ['/guilds/18446744073709551615/roles', 'GET /guilds/{guild_id}/roles'],
    ['/guilds/0/members/1', 'GET /guilds/{guild_id}/members/{user_id}'],
    ['/guilds/0/members/search?query=a&limit=1000', 'GET /guilds/{guild_id}/members/search'],
    ['/users/@me', 'GET /users/@me'],
    ['/users/100000000000000002', 'GET /users/{user_id}'],
  ])('takes %s as %s', (path, key) => {
    expect(check.check(rest(path))).toEqual({ key, problems: [] });
  });

  it.each([
    ['/guilds/abc', 'path parameter guild_id "abc": / must match pattern "^(0|[1-9][0-9]*)$"; / must match format "snowflake"'],
    [
      '/guilds/0300000000000000001/roles',
      'path parameter guild_id "0300000000000000001": / must match pattern "^(0|[1-9][0-9]*)$"; / must match format "snowflake"',
    ],
    ['/guilds/18446744073709551616', 'path parameter guild_id "18446744073709551616": / must match format "snowflake"'],
    ['/guilds/300000000000000001/members/-1', 'path parameter user_id "-1": / must match pattern "^(0|[1-9][0-9]*)$"; / must match format "snowflake"'],
  ])('refuses the path %s', (path, problem) => {
    expect(problems(rest(path))).toEqual([problem]);
  });

  it.each([
    ['limit=200&with_counts=true&after=300000000000000001&before=18446744073709551615', []],
    ['limit=1&with_counts=True', []],
    ['with_counts=0', []],
    ['limit=0', ['query limit "0": / must be >= 1']],
    ['limit=201', ['query limit "201": / must be <= 200']],
    ['limit=1e2', ['query limit "1e2": / must be integer']],
    ['limit=ten', ['query limit "ten": / must be integer']],
    ['with_counts=yes', ['query with_counts "yes": / must be boolean']],
    ['after=abc', ['query after "abc": / must match pattern "^(0|[1-9][0-9]*)$"; / must match format "snowflake"']],
    ['limit=5&limit=6', ['query limit is sent 2 times']],
    ['counts=true', ['query counts is not declared by the document']],
  ])('reads /users/@me/guilds?%s', (query, expected) => {
    expect(problems(rest(`/users/@me/guilds?${query}`))).toEqual(expected);
  });

  it.each([
    [`query=${'a'.repeat(100)}&limit=1000`, []],
    ['query=a&limit=1', []],
    ['limit=25', ['query query is required']],
    ['query=&limit=25', ['query query "": / must NOT have fewer than 1 characters']],
    [`query=${'a'.repeat(101)}`, [`query query "${'a'.repeat(101)}": / must NOT have more than 100 characters`]],
    ['query=a&limit=0', ['query limit "0": / must be >= 1']],
    ['query=a&limit=1001', ['query limit "1001": / must be <= 1000']],
  ])('reads /guilds/{guild_id}/members/search?%s', (query, expected) => {
    expect(problems(rest(`/guilds/300000000000000001/members/search?${query}`))).toEqual(expected);
  });

  it('refuses credentials the operation does not accept, and a user scope the login does not ask for', () => {
    expect(problems(rest('/users/@me/guilds/300000000000000001/member', { headers: headers('Bearer t') }))).toEqual([]);
    expect(problems(rest('/users/@me/guilds/300000000000000001/member'))).toEqual([
      'Authorization "Bot …" is none of what the operation accepts: OAuth2 (guilds.members.read)',
    ]);
    expect(problems(rest('/guilds/300000000000000001', { headers: headers('Bearer t') }))).toEqual([
      'Authorization "Bearer …" is none of what the operation accepts: BotToken',
    ]);
    expect(problems(rest('/users/@me/connections', { headers: headers('Bearer t') }))).toEqual([
      'Authorization "Bearer …" is none of what the operation accepts: BotToken, OAuth2 (connections)',
    ]);
    expect(problems(rest('/users/@me', { headers: headers('') }))[0]).toMatch(/^Authorization " …" is none/);
  });

  it('refuses a body where the operation takes none, and checks one it takes', () => {
    const json = { headers: headers('Bot t', { 'content-type': 'application/json' }) };
    expect(problems(rest('/guilds/300000000000000001', { ...json, body: '{}' }))).toEqual(['sends a body the operation does not take']);
    const patch = (body: string) => problems(rest('/guilds/300000000000000001', { ...json, method: 'PATCH', body }));
    expect(patch('{"name":"Lounge"}')).toEqual([]);
    expect(patch('{"name":5}')).toEqual(['body: /name must be string']);
    expect(patch('{"name":"Lounge","invented":true}')).toEqual(['body fields the document does not declare: /invented not declared by the schema']);
    expect(patch('{"name":')).toEqual(['the JSON body does not parse']);
    expect(problems(rest('/guilds/300000000000000001', { method: 'PATCH' }))).toEqual(['the body the operation requires is missing']);
  });

  it('refuses what is not the document’s, and a client that is not DiscordBot', () => {
    expect(check.check(rest('/guilds/300000000000000001/sounds-of-silence'))).toEqual({
      key: null,
      problems: ['/api/v10/guilds/300000000000000001/sounds-of-silence is not a path of the document'],
    });
    expect(problems(rest('/users/@me', { method: 'DELETE' }))).toEqual(['DELETE /users/@me is not an operation of the document']);
    expect(problems(rest('/users/@me', { headers: { authorization: 'Bot t', 'user-agent': 'Mozilla/5.0' } }))).toEqual([
      'User-Agent "Mozilla/5.0" is not "DiscordBot ($url, $version)"',
    ]);
    expect(problems({ ...rest('/users/@me'), url: 'https://discord.example/api/v10/users/@me' })).toEqual([
      'goes to https://discord.example, not https://discord.com',
    ]);
  });

  describe('the OAuth2 token endpoints, by their RFC forms', () => {
    const form = (path: string, fields: Record<string, string>, extra: Partial<RecordedRequest> = {}): RecordedRequest => ({
      method: 'POST',
      url: `${DISCORD_BASE_URL}/api${path}`,
      headers: headers('Basic Y2xpZW50OnNlY3JldA==', { 'content-type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams(fields).toString(),
      ...extra,
    });
    const verifier = 'v'.repeat(43);
    const exchange = { grant_type: 'authorization_code', code: 'c', redirect_uri: 'http://localhost/api/successful-auth', code_verifier: verifier };

    it('takes the code exchange, the refresh and the revocation the Worker sends', () => {
      expect(check.check(form('/oauth2/token', exchange))).toEqual({ key: 'POST /oauth2/token', problems: [] });
      expect(problems(form('/oauth2/token', { grant_type: 'refresh_token', refresh_token: 'r' }))).toEqual([]);
      expect(problems(form('/oauth2/token/revoke', { token: 'r', token_type_hint: 'refresh_token' }))).toEqual([]);
    });

    it('refuses a verifier of 42 characters, a secret in the form, a wrong hint, JSON, and no Basic credentials', () => {
      expect(problems(form('/oauth2/token', { ...exchange, code_verifier: 'v'.repeat(42) })).join()).toMatch(/^form: .*\/code_verifier must match pattern/);
      expect(problems(form('/oauth2/token', { grant_type: 'refresh_token', refresh_token: 'r', client_secret: 's' })).join()).toMatch(
        /must NOT have additional properties/,
      );
      expect(problems(form('/oauth2/token/revoke', { token: 'r', token_type_hint: 'session' })).join()).toMatch(
        /token_type_hint must be equal to one of the allowed values/,
      );
      expect(problems(form('/oauth2/token', exchange, { headers: headers('Basic x', { 'content-type': 'application/json' }) }))).toEqual([
        'is not application/x-www-form-urlencoded',
      ]);
      expect(problems(form('/oauth2/token', exchange, { headers: headers('Bearer x', { 'content-type': 'application/x-www-form-urlencoded' }) }))).toEqual([
        'does not authenticate the app with Basic credentials (RFC 6749 §2.3.1)',
      ]);
      expect(check.check(form('/oauth2/authorize', {}))).toMatchObject({ key: null });
    });
  });
});
