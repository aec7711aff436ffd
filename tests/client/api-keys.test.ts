import { describe, expect, it } from 'vitest';
import { apiKey, apiKeys, apiRouteHref, inviteHref, loginHref } from '../../src/shared/api-keys';
import { livePath } from '../../src/shared/live';
import { folderDownloadUrl, songDownloadUrl, songListUrl, songRoute, songStreamUrl } from '../../src/shared/songs/calls';

const GUILD = '300000000000000001';

describe('API keys', () => {
  it('spell the URL the Worker answers, the query in the order given', () => {
    expect(apiKeys.stats).toBe('/api/stats');
    expect(apiKeys.serverSettings(GUILD)).toBe(`/api/server-settings?serverID=${GUILD}`);
    expect(apiKeys.settingsAudit(GUILD, { section: 'logs', userID: '7', before: 1700000000000 })).toBe(
      `/api/server-settings/audit?serverID=${GUILD}&section=logs&userID=7&before=1700000000000`,
    );
    expect(apiKeys.adminUserSearch('a b&c')).toBe('/api/admin-user-search?q=a%20b%26c');
  });

  it('leave empty filters out, so every filtered audit page starts with the unfiltered first page', () => {
    const first = apiKeys.settingsAudit(GUILD);
    expect(apiKeys.settingsAudit(GUILD, { section: '', userID: undefined })).toBe(first);
    expect(apiKeys.settingsAudit(GUILD, { userID: '7' }).startsWith(first)).toBe(true);
  });

  it('name only GET paths and queries the routes declare (the type check refuses the rest)', () => {
    // @ts-expect-error: the API app has no such path
    expect(apiKey('/no-such-path')).toBe('/api/no-such-path');
    // @ts-expect-error: a POST-only path is not a key
    expect(apiKey('/update-server-settings')).toBe('/api/update-server-settings');
    // @ts-expect-error: the route validates `serverID`, not `guild`
    expect(apiKey('/server-settings', { guild: GUILD })).toBe(`/api/server-settings?guild=${GUILD}`);
  });
});

describe('the links the browser follows into the API', () => {
  it('logs in and comes back to where the visitor was, or to the default for the home page', () => {
    expect(loginHref()).toBe('/api/auth');
    expect(loginHref('/')).toBe('/api/auth');
    expect(loginHref('/server/300000000000000001/logs?enable=1')).toBe('/api/auth?next=%2Fserver%2F300000000000000001%2Flogs%3Fenable%3D1');
  });

  it('invites the bot, with a server preselected when one is named', () => {
    expect(inviteHref()).toBe('/api/invite');
    expect(inviteHref('300000000000000004')).toBe('/api/invite?guild_id=300000000000000004');
  });
});

describe('the addresses of routes with parameters', () => {
  it("put each parameter's value, encoded, where the route names it, its pattern left out", () => {
    expect(livePath(GUILD)).toBe(`/api/servers/${GUILD}/live`);
    expect(apiRouteHref('/servers/:id/live', { id: 'a/b?c' })).toBe('/api/servers/a%2Fb%3Fc/live');
    expect(apiRouteHref(songRoute('folder'), { segment: 'download-kenji-folder' }, { folder: 'A/B & C' })).toBe(
      '/api/download-kenji-folder?folder=A%2FB%20%26%20C',
    );
  });

  it('spell the song calls as SPEC section 2 names them, the library inside the segment', () => {
    expect(songListUrl('kenji')).toBe('/api/get-kenji-songs');
    expect(songListUrl('glaive')).toBe('/api/get-glaive-songs');
    expect(songDownloadUrl('glaive', 'x.mp3')).toBe('/api/download-glaive-song?song=x.mp3');
    expect(folderDownloadUrl('kenji', '')).toBe('/api/download-kenji-folder');
  });

  it("add the list's sizes and a play's ticket as the routes' validators read them", () => {
    expect(songListUrl('kenji', '1')).toBe('/api/get-kenji-songs?sizes=1');
    expect(songStreamUrl('kenji', 'A/b c.mp3')).toBe('/api/stream-kenji-song?song=A%2Fb%20c.mp3');
    expect(songStreamUrl('kenji', 'A/b c.mp3', 'T-_0')).toBe('/api/stream-kenji-song?song=A%2Fb%20c.mp3&ticket=T-_0');
    // @ts-expect-error: the list takes sizes=1 only
    expect(songListUrl('kenji', '2')).toBe('/api/get-kenji-songs?sizes=2');
  });

  it('name only routes and parameters the API declares (the type check refuses the rest)', () => {
    // @ts-expect-error: the route's parameter is `id`
    expect(apiRouteHref('/servers/:id/live', { server: GUILD })).toBe('/api/servers//live');
    // @ts-expect-error: the API app has no such route
    expect(apiRouteHref('/servers/:id/dead', { id: GUILD })).toBe(`/api/servers/${GUILD}/dead`);
    // @ts-expect-error: a song's download reads `song`, not `folder`
    expect(apiRouteHref(songRoute('download'), { segment: 'download-kenji-song' }, { folder: 'a' })).toBe('/api/download-kenji-song?folder=a');
  });
});
