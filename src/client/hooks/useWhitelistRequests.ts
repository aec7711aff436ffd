import { useEffect } from 'react';

/**
 * The whitelist's request schemas (and with them the schema library) load after the page is interactive: a form
 * needs them only when it is sent. Loading starts once the form is on screen, so a send rarely waits for them.
 */
const loadWhitelistRequests = () => import('../../shared/whitelist-requests');

export function useWhitelistRequests(): typeof loadWhitelistRequests {
  useEffect(() => {
    loadWhitelistRequests().catch((error: unknown) => console.error(error));
  }, []);
  return loadWhitelistRequests;
}
