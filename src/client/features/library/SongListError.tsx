const FOCUS = 'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:focus-visible:outline-indigo-400';

/** The whole list could not be read: say so, and offer to try again. */
export function SongListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mt-10 rounded-lg border border-red-500/30 bg-red-50 p-6 text-center text-red-900 dark:bg-red-500/10 dark:text-red-100">
      <p>The song list could not be loaded.</p>
      <button
        type="button"
        onClick={onRetry}
        className={`mt-3 rounded bg-red-900/10 px-4 py-2 text-sm hover:bg-red-900/20 dark:bg-white/10 dark:hover:bg-white/20 ${FOCUS}`}
      >
        Try again
      </button>
    </div>
  );
}
