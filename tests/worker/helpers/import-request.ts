import { GUILDS } from './login';
import { postJson } from './request';

/** Imports these settings, as exported from Glaive Studio, into Kenji Lounge, as the page's import dialog sends them. */
export const importIntoKenjiLounge = (cookie: string, settings: Record<string, unknown>, dryRun: boolean) =>
  postJson(
    '/api/server-settings/import',
    {
      serverID: GUILDS.kenjiLounge,
      dryRun,
      document: {
        format: 'servermanager.settings',
        version: 1,
        exportedAt: new Date().toISOString(),
        source: { serverID: GUILDS.glaiveStudio, name: 'Glaive Studio' },
        settings,
      },
    },
    { cookie },
  );

/** Imports Glaive Studio's Anti-MP3 switch (on) into Kenji Lounge. */
export const importAntiMp3 = (cookie: string, dryRun: boolean) => importIntoKenjiLounge(cookie, { antimp3: { enabled: true } }, dryRun);
