import { useContext, useEffect, useSyncExternalStore } from 'react';
import { publicApiKeys } from '../../shared/public-api-keys';
import type { CheckAuthResponse } from '../../shared/account';
import { useFirstPaintData } from '../first-paint-data';
import { SessionContext, type SessionStore } from './SessionProvider';

const noLearning = () => null;

function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (store === null) throw new Error('useAuth needs a SessionProvider above it');
  return store;
}

/**
 * The session as the server sees it: the first paint's answer (prefilled by SSR on every page but the prerendered
 * ones, which ask after hydration), or what the page learnt since. The server renders the first paint's.
 */
export function useAuth() {
  const store = useSessionStore();
  const seeded = useFirstPaintData()[publicApiKeys.checkAuth] as CheckAuthResponse | undefined;
  const known = useSyncExternalStore(store.subscribe, store.learnt, noLearning);
  const auth = known ? known.auth : seeded;
  const unknown = auth === undefined && known?.failed !== true;
  useEffect(() => {
    if (unknown) store.ask();
  }, [store, unknown]);
  return {
    auth,
    /** Not known yet: a prerendered page has no visitor in it and asks after hydration. */
    unknown,
    user: auth?.authenticated ? auth.user : null,
    isAdmin: auth?.authenticated ? auth.isAdmin : false,
    isLoading: unknown,
    /** The session changed here (signed out, or ended elsewhere): every view follows. */
    setSession: store.set,
  };
}
