/**
 * The Discord calls the Worker makes, read from its source (src/worker/discord) with the TypeScript parser:
 * every `.request(path, {method?, query?})` of the REST client (through a local wrapper that passes its path on, at
 * each of the wrapper's calls), with its path turned into Discord's route template, and the OAuth2 token URLs. A
 * call added there shows up here without anyone listing it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface WorkerCall {
  method: string;
  /** Relative to /api/v10 for REST (`/guilds/{guild_id}/roles`), to /api for OAuth2 (`/oauth2/token`). */
  template: string;
  query: string[];
  /** Where in the source, for messages. */
  source: string;
}

export const WORKER_DISCORD_DIR = 'src/worker/discord';

/** The id a path segment's placeholder stands for, by the collection it follows, as Discord names them. */
const PLACEHOLDER_NAMES: Record<string, string> = {
  guilds: 'guild_id',
  users: 'user_id',
  members: 'user_id',
  channels: 'channel_id',
  roles: 'role_id',
  webhooks: 'webhook_id',
  messages: 'message_id',
  applications: 'application_id',
};

const PLACEHOLDER = '\u0000';

/** `const name = …` declared in `node` or below it, outside nested functions. */
function declarationIn(node: ts.Node, name: string): ts.Expression | undefined {
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer !== undefined) return node.initializer;
  if (ts.isFunctionLike(node)) return undefined;
  return ts.forEachChild(node, (child) => declarationIn(child, name));
}

/** Finds `const name = …` in the nearest enclosing scopes of `node`. */
function findDeclaration(node: ts.Node, name: string): ts.Expression | null {
  let scope = node;
  do {
    scope = scope.parent;
    const found = ts.forEachChild(scope, (child) => declarationIn(child, name));
    if (found !== undefined) return found;
  } while (!ts.isSourceFile(scope));
  return null;
}

/** The path with every interpolation replaced by a placeholder, following `const` variables it is built from. */
function pathShape(expression: ts.Expression, depth = 0): string | null {
  if (depth > 8) return null;
  if (ts.isStringLiteralLike(expression)) return expression.text;
  if (ts.isParenthesizedExpression(expression)) return pathShape(expression.expression, depth + 1);
  if (ts.isIdentifier(expression)) {
    const initializer = findDeclaration(expression, expression.text);
    return initializer === null ? null : pathShape(initializer, depth + 1);
  }
  if (ts.isTemplateExpression(expression)) {
    let shape = expression.head.text;
    for (const span of expression.templateSpans) {
      const inner = ts.isIdentifier(span.expression) ? findDeclaration(span.expression, span.expression.text) : null;
      const innerShape = inner === null ? null : pathShape(inner, depth + 1);
      // An interpolated path piece (`${guild}/roles`) is inlined; anything else is an id.
      shape += (innerShape?.startsWith('/') === true ? innerShape : PLACEHOLDER) + span.literal.text;
    }
    return shape;
  }
  return null;
}

/** `/guilds/\0/members/\0` → `/guilds/{guild_id}/members/{user_id}`. */
export function toTemplate(shape: string): string {
  const segments = shape.split('/');
  return segments.map((segment, index) => (segment === PLACEHOLDER ? `{${PLACEHOLDER_NAMES[segments[index - 1] ?? ''] ?? 'id'}}` : segment)).join('/');
}

function property(options: ts.Expression | undefined, name: string): ts.Expression | null {
  if (options === undefined || !ts.isObjectLiteralExpression(options)) return null;
  for (const element of options.properties) {
    if (ts.isPropertyAssignment(element) && element.name.getText() === name) return element.initializer;
    if (ts.isShorthandPropertyAssignment(element) && element.name.text === name) return element.name;
  }
  return null;
}

function resolveObject(expression: ts.Expression | undefined): ts.Expression | undefined {
  if (expression !== undefined && ts.isIdentifier(expression)) return findDeclaration(expression, expression.text) ?? expression;
  return expression;
}

function location(file: ts.SourceFile, node: ts.Node): string {
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return `${file.fileName}:${line + 1}`;
}

/**
 * Where a path that is a parameter of a local wrapper comes from (`const call = (path) => client.request(path, …)`,
 * or a function declaration): the arguments its callers in the same scope pass for it. Null when it is no such
 * parameter.
 */
function wrapperArguments(path: ts.Expression): ts.Expression[] | null {
  if (!ts.isIdentifier(path)) return null;
  let wrapper: ts.Node = path;
  while (!ts.isFunctionLike(wrapper) && !ts.isSourceFile(wrapper)) wrapper = wrapper.parent;
  if (!ts.isArrowFunction(wrapper) && !ts.isFunctionExpression(wrapper) && !ts.isFunctionDeclaration(wrapper)) return null;
  const index = wrapper.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === path.text);
  const declaration = ts.isFunctionDeclaration(wrapper) ? wrapper : wrapper.parent;
  const name = ts.isFunctionDeclaration(declaration) || ts.isVariableDeclaration(declaration) ? declaration.name : undefined;
  if (index < 0 || name === undefined || !ts.isIdentifier(name)) return null;
  let scope: ts.Node = declaration.parent;
  while (!ts.isBlock(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  const passed: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name.text) {
      const argument = node.arguments[index];
      if (argument !== undefined) passed.push(argument);
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return passed;
}

function restCalls(file: ts.SourceFile, node: ts.CallExpression): WorkerCall[] {
  const [pathArgument, optionsArgument] = node.arguments;
  if (pathArgument === undefined) return [];
  const paths = pathShape(pathArgument) === null ? (wrapperArguments(pathArgument) ?? [pathArgument]) : [pathArgument];
  const options = resolveObject(optionsArgument);
  const method = property(options, 'method');
  const query = resolveObject(property(options, 'query') ?? undefined);
  return paths.map((path) => {
    const shape = pathShape(path);
    if (shape === null) throw new Error(`${location(file, path)}: cannot read the path of this Discord call; give it a literal or const path`);
    return {
      method: method !== null && ts.isStringLiteralLike(method) ? method.text : 'GET',
      template: toTemplate(shape),
      query:
        query !== undefined && ts.isObjectLiteralExpression(query)
          ? query.properties.map((element) => element.name?.getText(file) ?? '').filter((name) => name !== '')
          : [],
      source: location(file, path),
    };
  });
}

/** OAuth2 endpoints appear as URL templates ending in `/api/oauth2/…`; the Worker POSTs to each (RFC 6749). */
function oauthCall(file: ts.SourceFile, node: ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral | ts.StringLiteral): WorkerCall | null {
  const text = ts.isTemplateExpression(node) ? node.templateSpans.at(-1)?.literal.text : node.text;
  const match = /\/api(\/oauth2\/token(?:\/revoke)?)$/.exec(text ?? '');
  return match?.[1] === undefined ? null : { method: 'POST', template: match[1], query: [], source: location(file, node) };
}

export function workerCallsIn(fileName: string, text: string): WorkerCall[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const calls: WorkerCall[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'request') {
      calls.push(...restCalls(file, node));
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
      const call = oauthCall(file, node);
      if (call !== null) calls.push(call);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

/** Every call in src/worker/discord. */
export function workerDiscordCalls(root: string): WorkerCall[] {
  const directory = join(root, WORKER_DISCORD_DIR);
  return readdirSync(directory)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => workerCallsIn(join(WORKER_DISCORD_DIR, name), readFileSync(join(directory, name), 'utf8')));
}

/** Where the Worker's login names the OAuth2 scopes it asks for. */
export const LOGIN_SCOPES_SOURCE = 'src/worker/auth/oauth.ts';

/** The scopes the Worker's login asks for (`OAUTH_SCOPES`, a list of string literals), read from its source. */
export function workerLoginScopes(root: string): string[] {
  const file = ts.createSourceFile(LOGIN_SCOPES_SOURCE, readFileSync(join(root, LOGIN_SCOPES_SOURCE), 'utf8'), ts.ScriptTarget.Latest, true);
  const scopes = declarationIn(file, 'OAUTH_SCOPES');
  const elements = scopes !== undefined && ts.isArrayLiteralExpression(scopes) ? [...scopes.elements] : [];
  const literals = elements.filter(ts.isStringLiteralLike);
  if (literals.length === 0 || literals.length !== elements.length)
    throw new Error(`${LOGIN_SCOPES_SOURCE}: OAUTH_SCOPES is no longer a list of string literals; read it another way`);
  return literals.map((element) => element.text);
}
