/**
 * The tab ids the server gave the open settings page's live socket, newest last (each connection gets its own).
 * The newest goes with every change (LIVE_TAB_HEADER); an event naming any of them is this page's own, so a change
 * sent just before a reconnect is still known as its own when it comes back on the new socket.
 */
const liveTabs: string[] = [];
const LIVE_TABS_KEPT = 8;

/** The tab id a change is sent with, null before the socket said it (the change's event then names no tab). */
export const currentLiveTab = (): string | null => liveTabs.at(-1) ?? null;
/** This page's tab ids, to leave its own changes out of what the socket reports. */
export const ownLiveTabs = (): readonly string[] => liveTabs;

export function addLiveTab(tab: string): void {
  liveTabs.push(tab);
  if (liveTabs.length > LIVE_TABS_KEPT) liveTabs.shift();
}

/** The page closed its socket (another server's page, or none, comes next). */
export function forgetLiveTabs(): void {
  liveTabs.length = 0;
}
