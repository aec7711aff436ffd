import type { SessionUser } from '../shared/api-types';

/** The Hono environment every route module shares. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    secureHeadersNonce: string;
    /** Set by the session middleware when the request carries a valid session. */
    session?: ActiveSession;
  };
}

export interface ActiveSession {
  id: string;
  user: SessionUser;
  accessToken: string;
}
