/** The reader of the Worker's Discord calls finds a new call however its path is written. */
import { describe, expect, it } from 'vitest';
import { toTemplate, workerCallsIn } from './helpers/worker-calls.ts';

const calls = (source: string) => workerCallsIn('src/worker/discord/example.ts', source).map(({ method, template, query }) => ({ method, template, query }));

describe('reading Discord calls from source', () => {
  it('finds a call with a template literal path, its method and its query names', () => {
    const source = `
      export async function getGuild(env: Env, guildId: string) {
        return rest(env).request<APIGuild>(\`/guilds/\${snowflake(guildId)}\`, { auth: BOT, query: { with_counts: true } });
      }
      export async function kick(env: Env, guildId: string, userId: string) {
        const path = \`/guilds/\${guildId}/members/\${userId}\`;
        const options = { auth: BOT, method: 'DELETE' };
        await client.request(path, options);
      }`;
    expect(calls(source)).toEqual([
      { method: 'GET', template: '/guilds/{guild_id}', query: ['with_counts'] },
      { method: 'DELETE', template: '/guilds/{guild_id}/members/{user_id}', query: [] },
    ]);
  });

  it('inlines a path piece held in a const, and finds the OAuth2 token URLs', () => {
    const source = `
      const guild = \`/guilds/\${id}\`;
      client.request(\`\${guild}/channels\`, request);
      const endpoints = { token: \`\${base}/api/oauth2/token\`, revoke: \`\${base}/api/oauth2/token/revoke\` };`;
    expect(calls(source)).toEqual([
      { method: 'GET', template: '/guilds/{guild_id}/channels', query: [] },
      { method: 'POST', template: '/oauth2/token', query: [] },
      { method: 'POST', template: '/oauth2/token/revoke', query: [] },
    ]);
  });

  it('follows a path through a local wrapper to each of its calls', () => {
    const source = `
      export async function snapshot(env: Env, guildId: string) {
        const guild = \`/guilds/\${snowflake(guildId)}\`;
        const call = <T>(path: string) => client.request<T>(path, { auth: BOT, signal });
        return Promise.all([call(\`\${guild}/roles\`), call(\`\${guild}/members/\${id}\`)]);
      }
      function send(method: string, path: string) {
        return client.request(path, { auth: BOT, method: 'DELETE' });
      }
      send('x', '/users/@me');`;
    expect(calls(source)).toEqual([
      { method: 'GET', template: '/guilds/{guild_id}/roles', query: [] },
      { method: 'GET', template: '/guilds/{guild_id}/members/{user_id}', query: [] },
      { method: 'DELETE', template: '/users/@me', query: [] },
    ]);
  });

  it('refuses a path it cannot read rather than missing the call', () => {
    expect(() => calls('client.request(pathFor(kind), { auth: BOT });')).toThrow(/cannot read the path/);
    expect(() => calls('const call = (path: string) => client.request(path, {}); call(pathFor(kind));')).toThrow(/cannot read the path/);
  });

  it("names placeholders as Discord's document does", () => {
    expect(toTemplate('/users/\u0000')).toBe('/users/{user_id}');
    expect(toTemplate('/channels/\u0000/messages/\u0000')).toBe('/channels/{channel_id}/messages/{message_id}');
  });
});
