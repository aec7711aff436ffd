import { useEffect } from 'react';

/**
 * The whitelist's request schemas (and with them the schema library) load after the page is interactive: a form
 * needs them only when it is sent. Loading starts once the form is on screen, so a send rarely waits for them. It
 * starts in the task after the one that put the form there: in a hydrating page that task ends the hydration, and the
 * dynamic import's own start (about 3 ms of a CPU throttled 4×) need not delay it.
 */
const loadWhitelistRequests = () => import('../../shared/whitelist-requests');

export function useWhitelistRequests(): typeof loadWhitelistRequests {
  useEffect(() => {
    const soon = setTimeout(() => loadWhitelistRequests().catch((error: unknown) => console.error(error)));
    return () => clearTimeout(soon);
  }, []);
  return loadWhitelistRequests;
}
