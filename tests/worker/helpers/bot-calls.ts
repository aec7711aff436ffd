import { vi } from 'vitest';

/**
 * Counts the Worker's calls to Discord's API as the bot, seen in this isolate (the Worker under test runs in it), so
 * another test file resetting the shared fake Discord's call log meanwhile cannot change the count. A call answered
 * 429 is the fake's rate limit, whose buckets other files running at the same time also spend: it and its retry
 * count once, so a count never depends on how fast the machine is or what else runs.
 */
export function countBotCalls() {
  const original = globalThis.fetch;
  const answers: { path: string; status: number }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await original(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const authorization = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('Authorization') ?? '';
    const { pathname } = new URL(url);
    if (pathname.startsWith('/api/v10/') && authorization.startsWith('Bot ')) answers.push({ path: pathname, status: response.status });
    return response;
  });
  return {
    /** Calls made (a 429 and its retry once), and of them those refused with 401 or 403. */
    count: () => {
      const made = answers.filter(({ status }) => status !== 429);
      return { calls: made.length, refused: made.filter(({ status }) => status === 401 || status === 403).length };
    },
    /** The calls made (not those answered 429), in order. */
    made: () => answers.filter(({ status }) => status !== 429),
    reset: () => {
      answers.length = 0;
    },
    stop: () => spy.mockRestore(),
  };
}
