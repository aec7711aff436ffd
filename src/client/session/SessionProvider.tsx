import { createContext, useState, type ReactNode } from 'react';
import { publicApiKeys } from '../../shared/public-api-keys';
import type { CheckAuthResponse } from '../../shared/account';
import { getPublicJson } from '../json-get';

/** What the browser learnt of the session after the first paint: asked for (a prerendered page), or a change. */
export interface Learnt {
  auth?: CheckAuthResponse;
  failed?: true;
}

/**
 * The one record of who is signed in, outside SWR: every page's header reads it before any page code that fetches
 * (the landing page loads no SWR before interaction). Until it learns something, the first paint's answer stands.
 */
export interface SessionStore {
  learnt: () => Learnt | null;
  subscribe: (listener: () => void) => () => void;
  /** The session changed here (signed out, or the live socket found it over): every view follows. */
  set: (auth: CheckAuthResponse) => void;
  /** Asks the server once, for a page whose first paint had nobody in it (a prerendered page). */
  ask: () => void;
}

export const SessionContext = createContext<SessionStore | null>(null);

const askServer = () => getPublicJson(publicApiKeys.checkAuth);

function createSessionStore(askAnswer: () => Promise<CheckAuthResponse>): SessionStore {
  let learnt: Learnt | null = null;
  let asked = false;
  const listeners = new Set<() => void>();
  const learn = (next: Learnt) => {
    learnt = next;
    for (const listener of listeners) listener();
  };
  return {
    learnt: () => learnt,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set: (auth) => learn({ auth }),
    ask: () => {
      if (asked) return;
      asked = true;
      askAnswer().then(
        (auth) => learn({ auth }),
        (error: unknown) => {
          console.error(error);
          learn({ failed: true });
        },
      );
    },
  };
}

/** One per app: a store of the session (SessionStore). `ask` answers for the server (tests). */
export function SessionProvider({ children, ask = askServer }: { children: ReactNode; ask?: () => Promise<CheckAuthResponse> }) {
  const [store] = useState(() => createSessionStore(ask));
  return <SessionContext value={store}>{children}</SessionContext>;
}
