import { GUILDS } from './login';
import { postJson } from './request';

/** Imports Glaive Studio's Anti-MP3 switch (on) into Kenji Lounge, as the page's import dialog sends it. */
export const importAntiMp3 = (cookie: string, dryRun: boolean) =>
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
        settings: { antimp3: { enabled: true } },
      },
    },
    { cookie },
  );
