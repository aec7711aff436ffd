/**
 * One conformance case per Discord call the Worker makes (or is about to): how to make that call on the fake
 * as the Worker does, and the query names it sends. discord-conformance.test.ts fails for a call in
 * src/worker/discord that has no case here.
 */
import { DEMO_BOT_TOKEN, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../../dev/fake-discord/app.ts';
import type { Schema } from './json-schema.ts';

export const USER_AGENT = 'DiscordBot (http://localhost, 1.0)';

/** What a case needs from its fake: a user's access and refresh token. */
export interface CaseContext {
  userToken: string;
  refreshToken: string;
}

export interface CallRequest {
  /** Below the fake's root, e.g. `/api/v10/users/@me?with_counts=true`. */
  url: string;
  init: RequestInit;
}

export interface ConformanceCase {
  method: string;
  /** As the OpenAPI document writes it (REST relative to /api/v10; OAuth2 relative to /api). */
  template: string;
  query: string[];
  /** The calls to make on the fake, as each caller the Worker uses. */
  requests: (context: CaseContext) => CallRequest[];
  /**
   * For calls Discord's OpenAPI document leaves out (the OAuth2 token endpoints): the schema of the answer,
   * from RFC 6749 and Discord's OAuth2 page.
   */
  answerSchema?: Schema;
  /** For those calls too: the schema of the form the Worker sends (each field a string). */
  requestSchema?: Schema;
}

const bot = { Authorization: `Bot ${DEMO_BOT_TOKEN}`, 'User-Agent': USER_AGENT };
const user = (token: string) => ({ Authorization: `Bearer ${token}`, 'User-Agent': USER_AGENT });
const client = { Authorization: `Basic ${btoa(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`)}`, 'User-Agent': USER_AGENT };
const get = (url: string, headers: Record<string, string>): CallRequest => ({ url: `/api/v10${url}`, init: { headers } });
const form = (url: string, fields: Record<string, string>): CallRequest => ({
  url: `/api${url}`,
  init: { method: 'POST', headers: client, body: new URLSearchParams(fields) },
});

const GUILD = DEMO_GUILD_IDS.glaiveStudio;
/** The first of the generated guilds the fake is made with (FAKE_DISCORD_BOT_GUILDS). */
export const GENERATED_GUILD = '600000000000000000';

/** RFC 6749 §5.1, with the fields Discord documents for its access token response. */
const ACCESS_TOKEN_RESPONSE: Schema = {
  type: 'object',
  properties: {
    access_token: { type: 'string', minLength: 1 },
    token_type: { const: 'Bearer' },
    expires_in: { type: 'integer', minimum: 1 },
    refresh_token: { type: 'string', minLength: 1 },
    scope: { type: 'string', pattern: '^[a-z0-9.]+( [a-z0-9.]+)*$' },
  },
  required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'],
  additionalProperties: false,
};

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = { type: 'string', pattern: '^[A-Za-z0-9._~-]{43,128}$' };
const NON_EMPTY = { type: 'string', minLength: 1 };

/** RFC 6749 §4.1.3 (with RFC 7636 §4.5's verifier) and §6: the grants the Worker exchanges; the client authenticates by Basic. */
const TOKEN_REQUEST: Schema = {
  oneOf: [
    {
      type: 'object',
      properties: {
        grant_type: { const: 'authorization_code' },
        code: NON_EMPTY,
        redirect_uri: { type: 'string', format: 'uri' },
        code_verifier: CODE_VERIFIER,
      },
      required: ['grant_type', 'code', 'redirect_uri', 'code_verifier'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { grant_type: { const: 'refresh_token' }, refresh_token: NON_EMPTY },
      required: ['grant_type', 'refresh_token'],
      additionalProperties: false,
    },
  ],
};

/** RFC 7009 §2.1. */
const REVOCATION_REQUEST: Schema = {
  type: 'object',
  properties: { token: NON_EMPTY, token_type_hint: { enum: ['access_token', 'refresh_token'] } },
  required: ['token'],
  additionalProperties: false,
};

export const CONFORMANCE_CASES: ConformanceCase[] = [
  {
    method: 'GET',
    template: '/users/@me',
    query: [],
    requests: ({ userToken }) => [get('/users/@me', user(userToken)), get('/users/@me', bot)],
  },
  {
    method: 'GET',
    template: '/users/@me/guilds',
    query: ['with_counts', 'limit', 'after'],
    requests: ({ userToken }) => [
      get('/users/@me/guilds?with_counts=true&limit=200', user(userToken)),
      get(`/users/@me/guilds?with_counts=true&limit=200&after=${DEMO_GUILD_IDS.kenjiLounge}`, bot),
      get('/users/@me/guilds?limit=3', bot),
    ],
  },
  {
    method: 'GET',
    template: '/users/{user_id}',
    query: [],
    requests: () => [get(`/users/${DEMO_USER_IDS.owner}`, bot), get('/users/700000000000000001', bot)],
  },
  {
    method: 'GET',
    template: '/guilds/{guild_id}',
    query: ['with_counts'],
    requests: () => [get(`/guilds/${GUILD}?with_counts=true`, bot), get(`/guilds/${GENERATED_GUILD}`, bot)],
  },
  {
    method: 'GET',
    template: '/guilds/{guild_id}/roles',
    query: [],
    requests: () => [get(`/guilds/${GUILD}/roles`, bot), get(`/guilds/${GENERATED_GUILD}/roles`, bot)],
  },
  {
    method: 'GET',
    template: '/guilds/{guild_id}/channels',
    query: [],
    requests: () => [get(`/guilds/${DEMO_GUILD_IDS.kenjiLounge}/channels`, bot), get(`/guilds/${GENERATED_GUILD}/channels`, bot)],
  },
  {
    method: 'GET',
    template: '/guilds/{guild_id}/emojis',
    query: [],
    requests: () => [get(`/guilds/${DEMO_GUILD_IDS.kenjiLounge}/emojis`, bot), get(`/guilds/${GENERATED_GUILD}/emojis`, bot)],
  },
  {
    method: 'GET',
    template: '/guilds/{guild_id}/members/{user_id}',
    query: [],
    // The bot's own member (the guild snapshot), and a member by id with and without a nickname (the names of stored members).
    requests: () => [
      get(`/guilds/${GUILD}/members/${DEMO_USER_IDS.owner}`, bot),
      get(`/guilds/${GENERATED_GUILD}/members/${DEMO_CLIENT_ID}`, bot),
      get(`/guilds/${DEMO_GUILD_IDS.kenjiLounge}/members/${DEMO_USER_IDS.member}`, bot),
    ],
  },
  {
    method: 'GET',
    template: '/guilds/{guild_id}/members/search',
    query: ['query', 'limit'],
    requests: () => [
      get(`/guilds/${GUILD}/members/search?query=demo&limit=25`, bot),
      get(`/guilds/${GUILD}/members/search?query=${'a'.repeat(100)}&limit=1000`, bot),
      get(`/guilds/${GENERATED_GUILD}/members/search?query=demo&limit=1`, bot),
    ],
  },
  {
    method: 'GET',
    template: '/users/@me/guilds/{guild_id}/member',
    query: [],
    requests: ({ userToken }) => [
      get(`/users/@me/guilds/${GUILD}/member`, user(userToken)),
      get(`/users/@me/guilds/${GENERATED_GUILD}/member`, user(userToken)),
    ],
  },
  {
    method: 'POST',
    template: '/oauth2/token',
    query: [],
    requests: ({ refreshToken }) => [form('/oauth2/token', { grant_type: 'refresh_token', refresh_token: refreshToken })],
    answerSchema: ACCESS_TOKEN_RESPONSE,
    requestSchema: TOKEN_REQUEST,
  },
  {
    method: 'POST',
    template: '/oauth2/token/revoke',
    query: [],
    requests: ({ refreshToken }) => [form('/oauth2/token/revoke', { token: refreshToken, token_type_hint: 'refresh_token' })],
    answerSchema: { type: 'object', maxProperties: 0 },
    requestSchema: REVOCATION_REQUEST,
  },
];

export const caseKey = (call: { method: string; template: string }) => `${call.method} ${call.template}`;
