import type { LiveStatus } from './useLiveSettings';

const LOOK: Record<LiveStatus, { label: string; dot: string; text: string }> = {
  connecting: { label: 'Connecting…', dot: 'bg-gray-400 dark:bg-gray-500', text: 'text-gray-600 dark:text-gray-400' },
  live: { label: 'Live', dot: 'bg-green-500 motion-safe:animate-pulse', text: 'text-green-800 dark:text-green-300' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-500', text: 'text-amber-800 dark:text-amber-300' },
};

/** Whether changes saved elsewhere reach this page as they happen. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const look = LOOK[status];
  return (
    <p
      role="status"
      data-testid="live-status"
      data-status={status}
      title="Changes saved elsewhere (another tab, another editor) appear here as they happen."
      className={`mt-2 inline-flex items-center gap-1.5 rounded-full border border-gray-200 px-2.5 py-0.5 text-xs font-medium dark:border-gray-800 ${look.text}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${look.dot}`} />
      {look.label}
      <span className="sr-only">: changes saved elsewhere appear here as they happen</span>
    </p>
  );
}
