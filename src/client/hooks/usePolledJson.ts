import { useEffect, useState } from 'react';
import type { ApiKey } from '../../shared/api-keys';
import { getPublicJson } from '../json-get';

/** The last answer of each key, so a page the visitor comes back to shows it at once. */
const lastAnswers = new Map<string, unknown>();

/**
 * A public figure read without SWR (the landing page loads none before interaction): asked after hydration, then
 * every `intervalMs` while the page is visible. Undefined until the first answer; a failed read keeps the last one.
 */
export function usePolledJson<T>(key: ApiKey<T>, intervalMs: number): T | undefined {
  const [answer, setAnswer] = useState(() => lastAnswers.get(key) as T | undefined);
  useEffect(() => {
    let stopped = false;
    const read = () => {
      if (document.visibilityState === 'hidden') return;
      getPublicJson(key).then(
        (next) => {
          lastAnswers.set(key, next);
          if (!stopped) setAnswer(next);
        },
        (error: unknown) => console.error(error),
      );
    };
    read();
    const timer = setInterval(read, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [key, intervalMs]);
  return answer;
}
