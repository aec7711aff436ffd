/** An OpenAPI 3.1 document made from operation declarations: the schemas the Worker validates and answers with. */
import { z } from 'zod';
import type { BotOperation } from '../shared/bot-api';

type Io = 'input' | 'output';
type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: Io) => z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

export interface OpenApiSource {
  info: { title: string; version: string; description: string };
  serverUrl: string;
  bearerDescription: string;
  operations: Readonly<Record<string, BotOperation>>;
  /** What every operation may answer besides its own refusals. */
  commonRefusals: Readonly<Record<number, string>>;
  errorSchema: z.ZodType;
  /** Schemas named as components; an operation using one refers to it. */
  components: Readonly<Record<string, z.ZodType>>;
}

/** Query or path parameters, one per property of an object schema. */
function parameters(schema: z.ZodObject | undefined, location: 'query' | 'path') {
  if (!schema) return [];
  const described = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(described.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (described.required ?? []).includes(name),
    schema: property,
  }));
}

export function openApiDocument(source: OpenApiSource): JsonSchema {
  const names = new Map<z.ZodType, string>(Object.entries(source.components).map(([name, schema]) => [schema, name]));
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(source.errorSchema, 'output') };
  const described = (schema: z.ZodType, io: Io): JsonSchema => {
    const name = names.get(schema);
    if (name === undefined) return jsonSchema(schema, io);
    schemas[name] ??= jsonSchema(schema, io);
    return { $ref: `#/components/schemas/${name}` };
  };
  const refusal = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, operation] of Object.entries(source.operations)) {
    const { answer } = operation;
    const refusals = { ...source.commonRefusals, ...operation.refusals };
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: {
        operationId,
        summary: operation.summary,
        parameters: [...parameters(operation.params, 'path'), ...parameters(operation.query, 'query')],
        ...(operation.body ? { requestBody: { required: true, content: json(described(operation.body, 'input')) } } : {}),
        responses: {
          [answer.status]: { description: answer.description, ...(answer.schema ? { content: json(described(answer.schema, 'output')) } : {}) },
          ...Object.fromEntries(Object.entries(refusals).map(([status, description]) => [status, refusal(description)])),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: source.info,
    servers: [{ url: source.serverUrl }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: source.bearerDescription } }, schemas },
    paths,
  };
}
