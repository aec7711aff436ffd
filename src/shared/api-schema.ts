/**
 * The API's endpoints as types, read from the routes and never run: a path the app does not answer, or an answer
 * that is not the route's, fails the type check. The Worker registers its app's type into `ApiRegistry`
 * (src/worker/api-app.ts), so this file and the client read the routes without importing the Worker.
 */
import type { ExtractSchema } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';

/** Where the Worker registers its API app: `declare module` adds `api: ApiType` to this interface. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here on purpose: only the Worker's declaration merging fills it.
export interface ApiRegistry {}

/** The API app's type, as the Worker registered it (never, in a program that does not see the registration). */
export type RegisteredApi = ApiRegistry extends { api: infer A } ? A : never;

type ApiSchema = ExtractSchema<RegisteredApi>;
type Method = '$get' | '$post';

type Paths = Extract<keyof ApiSchema, string>;

/** A route (relative to `/api`, as it is declared, parameters included: `/servers/:id/live`) the API app answers with `method`. */
export type ApiRoute<M extends Method> = { [P in Paths]: ApiSchema[P] extends Record<M, unknown> ? P : never }[Paths];

/** A fixed path: a route without parameters. */
export type ApiPath<M extends Method> = Exclude<ApiRoute<M>, `${string}${'*' | ':'}${string}`>;

type Endpoint<P extends ApiRoute<M>, M extends Method> = ApiSchema[P] extends Record<M, infer E> ? E : never;

/** An endpoint's output when its status may be a success (a handler that names no status may answer any). */
type SuccessOutput<E> = E extends { status: infer S; output: infer O } ? ([Extract<S, SuccessStatusCode>] extends [never] ? never : O) : never;

/** What the route answers on success. */
export type Answer<P extends ApiPath<M>, M extends Method = '$get'> = SuccessOutput<Endpoint<P, M>>;

/** The query the route validates, each value as it travels in a URL (never, if it reads none). */
export type QueryOf<P extends ApiRoute<'$get'>> =
  Endpoint<P, '$get'> extends { input: { query: infer Q } } ? { [K in keyof Q]?: string | number | undefined } : never;

/** The values of a route's parameters (`{ id }` for `/servers/:id/live`). */
export type ParamsOf<R extends ApiRoute<'$get'>> = Endpoint<R, '$get'> extends { input: { param: infer Q } } ? { [K in keyof Q]: string } : never;
