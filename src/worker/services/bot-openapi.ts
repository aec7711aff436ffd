/** The OpenAPI 3.1 document of the bot API, generated from the schemas the Worker itself validates and answers with. */
import { z } from 'zod';
import {
  botChangesQuerySchema,
  botChangesResponseSchema,
  botGuildParamSchema,
  botGuildResponseSchema,
  botPresenceSchema,
  botSyncResponseSchema,
  botSyncSchema,
} from '../../shared/bot-api';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });

/** Query or path parameters, one per property of an object schema. */
function parameters(schema: z.ZodObject, location: 'query' | 'path') {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const errorResponse = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
const jsonBody = (ref: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });
const jsonAnswer = (description: string, ref: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const noContent = { description: 'Recorded' };

/** As JSON text: the document's deep type is of no use to the app's route types (and too big for them). */
export function botOpenApiDocument(): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: {
      title: 'ServerManager bot API',
      version: '1.2.0',
      description:
        'For the bot: per-guild settings and licence, a feed of every change, and where the bot is (it holds the gateway: ' +
        'report Guild Create/Update as presence, Guild Delete as a departure, and after Ready a full sync in chunks).',
    },
    servers: [{ url: '/api/bot' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'BOT_API_TOKEN' } },
      schemas: {
        BotGuild: jsonSchema(botGuildResponseSchema),
        BotChanges: jsonSchema(botChangesResponseSchema),
        BotPresence: jsonSchema(botPresenceSchema),
        BotSync: jsonSchema(botSyncSchema),
        BotSyncResult: jsonSchema(botSyncResponseSchema),
        Error: { type: 'object', required: ['error', 'code'], properties: { error: { type: 'string' }, code: { type: 'string' } } },
      },
    },
    paths: {
      '/guilds/{id}': {
        get: {
          operationId: 'getGuild',
          summary: "A guild's settings and licence",
          parameters: parameters(botGuildParamSchema, 'path'),
          responses: {
            '200': { description: 'The guild', content: { 'application/json': { schema: { $ref: '#/components/schemas/BotGuild' } } } },
            '400': errorResponse,
            '401': errorResponse,
          },
        },
      },
      '/guilds/{id}/presence': {
        put: {
          operationId: 'putPresence',
          summary: 'The bot joined the guild, or its name, icon or member count changed',
          parameters: parameters(botGuildParamSchema, 'path'),
          requestBody: jsonBody('BotPresence'),
          responses: { '204': noContent, '400': errorResponse, '401': errorResponse },
        },
        delete: {
          operationId: 'deletePresence',
          summary: 'The bot left the guild',
          parameters: parameters(botGuildParamSchema, 'path'),
          responses: { '204': noContent, '400': errorResponse, '401': errorResponse, '404': errorResponse },
        },
      },
      '/guilds/sync': {
        post: {
          operationId: 'syncGuilds',
          summary: 'One chunk of a full resync; the chunk with done: true removes every guild the sync did not report',
          requestBody: jsonBody('BotSync'),
          responses: {
            '200': jsonAnswer('The chunk was recorded', 'BotSyncResult'),
            '400': errorResponse,
            '401': errorResponse,
            '409': errorResponse,
            '413': errorResponse,
          },
        },
      },
      '/changes': {
        get: {
          operationId: 'getChanges',
          summary: 'Every settings and licence change after a cursor, oldest first',
          parameters: parameters(botChangesQuerySchema, 'query'),
          responses: {
            '200': { description: 'A page of changes', content: { 'application/json': { schema: { $ref: '#/components/schemas/BotChanges' } } } },
            '400': errorResponse,
            '401': errorResponse,
          },
        },
      },
    },
  });
}
