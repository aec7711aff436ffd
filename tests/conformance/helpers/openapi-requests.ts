/**
 * A request as Discord's OpenAPI document says it may be made: its path is one of the document's (a concrete path
 * before a templated one), each path parameter validates against its schema (a snowflake where the document says
 * so), each query parameter is one the operation declares and its value, read as Discord reads query strings,
 * validates against its schema, the body is one the operation takes, and the Authorization header is a scheme the
 * operation accepts (a user's token with the scopes the Worker asks for at login). The OAuth2 token endpoints, which
 * the document leaves out, are held to the form schemas of their conformance cases (RFC 6749, 7009, 7636).
 */
import type { Schema, SchemaIssue, SchemaValidator } from './json-schema.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent, or null. */
  body: string | null;
}

export interface CheckedRequest {
  /** `METHOD /template`, as the conformance cases name calls; null when no template of the document matches. */
  key: string | null;
  problems: string[];
}

/** For the calls the document leaves out: the schema of the form the Worker sends, by `METHOD /template`. */
export type FormSchemas = Record<string, Schema>;

export interface RequestRules {
  /** Where the Worker sends its calls, e.g. `https://discord.com`. */
  baseUrl: string;
  /** The OAuth2 scopes the Worker's login asks for: a user's token has these and no others. */
  loginScopes: string[];
  formSchemas: FormSchemas;
}

const REST_PREFIX = '/api/v10';
const OAUTH_PREFIX = '/api';
/** Discord's API reference: every client sends `User-Agent: DiscordBot ($url, $versionNumber)`. */
const USER_AGENT = /^DiscordBot \(\S+, \S+\)$/;
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

type Operation = Schema & { parameters?: Schema[]; requestBody?: Schema; security?: Record<string, string[]>[] };

/** Discord's boolean query strings (its API reference): `True`, `true`, `1`, `False`, `false`, `0`. */
const QUERY_BOOLEANS: Record<string, boolean> = { True: true, true: true, 1: true, False: false, false: false, 0: false };

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === 'string') : [];
}

const listed = (issues: SchemaIssue[]) => issues.map((entry) => `${entry.at} ${entry.message}`).join('; ');

export class RequestChecker {
  constructor(
    private readonly document: Schema,
    private readonly validator: SchemaValidator,
    private readonly rules: RequestRules,
  ) {}

  check(request: RecordedRequest): CheckedRequest {
    const url = new URL(request.url);
    const problems: string[] = [];
    if (url.origin !== new URL(this.rules.baseUrl).origin) problems.push(`goes to ${url.origin}, not ${this.rules.baseUrl}`);
    if (!USER_AGENT.test(request.headers['user-agent'] ?? ''))
      problems.push(`User-Agent ${JSON.stringify(request.headers['user-agent'] ?? null)} is not "DiscordBot ($url, $version)"`);
    if (url.pathname.startsWith(`${REST_PREFIX}/`)) return this.checkRest(request, url, problems);
    const template = url.pathname.slice(OAUTH_PREFIX.length);
    const key = `${request.method} ${template}`;
    const schema = this.rules.formSchemas[key];
    if (!url.pathname.startsWith(`${OAUTH_PREFIX}/oauth2/`) || schema === undefined)
      return { key: null, problems: [...problems, `${key} is neither REST v10 nor a known OAuth2 call`] };
    return { key, problems: [...problems, ...this.checkForm(request, url, schema)] };
  }

  private get paths(): Record<string, Record<string, unknown>> {
    return (this.document.paths ?? {}) as Record<string, Record<string, unknown>>;
  }

  /** The document's template for `path` and the values of its parameters: a concrete path wins over a templated one. */
  private match(path: string): { template: string; values: Record<string, string> } | null {
    const segments = path.split('/');
    let best: { template: string; values: Record<string, string>; literals: number } | null = null;
    for (const template of Object.keys(this.paths)) {
      const parts = template.split('/');
      if (parts.length !== segments.length) continue;
      const values: Record<string, string> = {};
      let literals = 0;
      const fits = parts.every((part, index) => {
        const segment = segments[index] ?? '';
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) {
          literals += 1;
          return part === segment;
        }
        values[name] = decodeURIComponent(segment);
        return segment !== '';
      });
      if (fits && (best === null || literals > best.literals)) best = { template, values, literals };
    }
    return best;
  }

  private parameters(template: string, operation: Operation): Schema[] {
    const byKey = new Map<string, Schema>();
    const declared = [...((this.paths[template]?.parameters as Schema[] | undefined) ?? []), ...(operation.parameters ?? [])];
    for (const parameter of declared.map((entry) => this.validator.resolve(entry))) byKey.set(`${String(parameter.in)} ${String(parameter.name)}`, parameter);
    return [...byKey.values()];
  }

  private checkRest(request: RecordedRequest, url: URL, problems: string[]): CheckedRequest {
    const matched = this.match(url.pathname.slice(REST_PREFIX.length));
    if (matched === null) return { key: null, problems: [...problems, `${url.pathname} is not a path of the document`] };
    const { template, values } = matched;
    const key = `${request.method} ${template}`;
    const operation = this.paths[template]?.[request.method.toLowerCase()] as Operation | undefined;
    if (operation === undefined) return { key, problems: [...problems, `${key} is not an operation of the document`] };
    const parameters = this.parameters(template, operation);
    for (const [name, value] of Object.entries(values)) problems.push(...this.checkValue(`path parameter ${name}`, value, parameters, 'path', name));
    const names = [...url.searchParams.keys()];
    for (const name of new Set(names)) {
      const all = url.searchParams.getAll(name);
      if (all.length > 1) problems.push(`query ${name} is sent ${all.length} times`);
      problems.push(...this.checkValue(`query ${name}`, all[0] ?? '', parameters, 'query', name, true));
    }
    for (const parameter of parameters) {
      if (parameter.in === 'query' && parameter.required === true && !names.includes(String(parameter.name)))
        problems.push(`query ${String(parameter.name)} is required`);
    }
    problems.push(...this.checkBody(request, operation), ...this.checkSecurity(request, operation));
    return { key, problems };
  }

  private checkValue(what: string, raw: string, parameters: Schema[], location: string, name: string, fromQuery = false): string[] {
    const parameter = parameters.find((entry) => entry.in === location && entry.name === name);
    if (parameter === undefined) return [`${what} is not declared by the document`];
    const schema = this.validator.resolve((parameter.schema ?? {}) as Schema);
    const types = typesOf(schema);
    let value: unknown = raw;
    if (fromQuery && types.includes('boolean')) value = QUERY_BOOLEANS[raw] ?? raw;
    else if (fromQuery && (types.includes('integer') || types.includes('number')) && /^-?(0|[1-9]\d*)(\.\d+)?$/.test(raw)) value = Number(raw);
    const { errors } = this.validator.validate(value, schema);
    return errors.length === 0 ? [] : [`${what} ${JSON.stringify(raw)}: ${listed(errors)}`];
  }

  private checkBody(request: RecordedRequest, operation: Operation): string[] {
    const declared = operation.requestBody === undefined ? undefined : this.validator.resolve(operation.requestBody);
    if (request.body === null || request.body === '') return declared?.required === true ? ['the body the operation requires is missing'] : [];
    if (declared === undefined) return ['sends a body the operation does not take'];
    const contentType = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim() ?? '';
    const content = (declared.content ?? {}) as Record<string, { schema?: Schema }>;
    const schema = content[contentType]?.schema;
    if (schema === undefined) return [`sends ${contentType || 'no Content-Type'}, the operation takes ${Object.keys(content).join(', ')}`];
    if (contentType !== JSON_TYPE) return [];
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return ['the JSON body does not parse'];
    }
    const { errors, undeclared } = this.validator.validate(body, schema);
    return [
      ...(errors.length === 0 ? [] : [`body: ${listed(errors)}`]),
      ...(undeclared.length === 0 ? [] : [`body fields the document does not declare: ${listed(undeclared)}`]),
    ];
  }

  private checkSecurity(request: RecordedRequest, operation: Operation): string[] {
    const requirements = operation.security ?? (this.document.security as Record<string, string[]>[] | undefined) ?? [];
    if (requirements.length === 0) return [];
    const [scheme = '', token = ''] = (request.headers.authorization ?? '').split(' ', 2);
    const accepted = requirements.some((requirement) =>
      Object.entries(requirement).every(([name, scopes]) => {
        if (name === 'BotToken') return scheme === 'Bot' && token !== '';
        if (name === 'OAuth2') return scheme === 'Bearer' && token !== '' && scopes.every((scope) => this.rules.loginScopes.includes(scope));
        return false;
      }),
    );
    const offered = requirements.map((requirement) =>
      Object.entries(requirement)
        .map(([name, scopes]) => (scopes.length > 0 ? `${name} (${scopes.join(' ')})` : name))
        .join(' + '),
    );
    return accepted ? [] : [`Authorization "${scheme} …" is none of what the operation accepts: ${offered.join(', ')}`];
  }

  /** An OAuth2 call the document leaves out: form-encoded, the app's Basic credentials, the fields its schema lists. */
  private checkForm(request: RecordedRequest, url: URL, schema: Schema): string[] {
    const problems: string[] = [];
    if (request.method !== 'POST') problems.push(`is ${request.method}, not POST`);
    if (url.search !== '') problems.push('sends a query string');
    if (!/^Basic \S+$/.test(request.headers.authorization ?? '')) problems.push('does not authenticate the app with Basic credentials (RFC 6749 §2.3.1)');
    if ((request.headers['content-type'] ?? '').split(';', 1)[0]?.trim() !== FORM_TYPE) problems.push(`is not ${FORM_TYPE}`);
    const form = new URLSearchParams(request.body ?? '');
    const fields: Record<string, string> = {};
    for (const [name, value] of form) {
      if (name in fields) problems.push(`field ${name} is sent twice`);
      fields[name] = value;
    }
    const { errors } = this.validator.validate(fields, schema);
    if (errors.length > 0) problems.push(`form: ${listed(errors)}`);
    return problems;
  }
}
