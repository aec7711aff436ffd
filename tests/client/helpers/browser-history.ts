import { onTestFinished } from 'vitest';

/** The test page's origin (vitest's happy-dom environment). */
const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The test browser at `path`, with the entries the app's moves make afterwards (src/client/navigation.tsx), as the
 * address bar shows them: a push adds one, a replace overwrites the last one.
 */
export function browserHistory(path: string): { history: string[] } {
  // Set afresh: a download link clicked by an earlier test leaves happy-dom's window at about:blank.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${TEST_ORIGIN}${path}`);
  const history = [path];
  const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const pushed = () => history.push(address());
  const replaced = () => {
    history[history.length - 1] = address();
  };
  window.addEventListener('pushState', pushed);
  window.addEventListener('replaceState', replaced);
  onTestFinished(() => {
    window.removeEventListener('pushState', pushed);
    window.removeEventListener('replaceState', replaced);
  });
  return { history };
}
