/** The OpenAPI 3.1 document of the bot API, made from the operation table the routes validate with. */
import {
  apiErrorSchema,
  BOT_API_BASE,
  BOT_COMMON_REFUSALS,
  BOT_OPERATIONS,
  botChangesResponseSchema,
  botGuildResponseSchema,
  botPresenceSchema,
  botSettingWriteSchema,
  botSyncResponseSchema,
  botSyncSchema,
} from '../../shared/bot-api';
import { openApiDocument } from '../openapi-document';

let document: string | undefined;

/** As JSON text, made once an isolate: the declarations do not change while it lives. */
export function botOpenApiDocument(): string {
  document ??= JSON.stringify(
    openApiDocument({
      info: {
        title: 'ServerManager bot API',
        version: '1.6.0',
        description:
          "For the bot: per-guild settings and licence, a setting changed by a member's command, a feed of every change, and where the bot is (it holds the gateway: " +
          'report Guild Create/Update as presence, Guild Delete as a departure, and after Ready a full sync in chunks).',
      },
      serverUrl: BOT_API_BASE,
      bearerDescription: 'BOT_API_TOKEN',
      operations: BOT_OPERATIONS,
      commonRefusals: BOT_COMMON_REFUSALS,
      errorSchema: apiErrorSchema,
      components: {
        BotGuild: botGuildResponseSchema,
        BotChanges: botChangesResponseSchema,
        BotPresence: botPresenceSchema,
        BotSettingWrite: botSettingWriteSchema,
        BotSync: botSyncSchema,
        BotSyncResult: botSyncResponseSchema,
      },
    }),
  );
  return document;
}
