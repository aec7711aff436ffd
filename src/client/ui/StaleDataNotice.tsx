import { firstUse } from '../../shared/first-use';
// UTC, so the server-rendered text and the hydrated one are the same.
const time = firstUse(() => new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' }));

/** Discord is not answering: what the page shows is its last known data, from `asOf`. */
export function StaleDataNotice({ asOf, detail }: { asOf: number | undefined; detail: string }) {
  if (asOf === undefined) return null;
  return (
    <p
      role="status"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      {`Discord is not answering; showing data as of ${time().format(asOf)} UTC. ${detail}`}
    </p>
  );
}
