const look = {
  primary:
    'rounded-lg bg-indigo-600 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50',
  secondary:
    'rounded-lg border border-gray-300 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:border-gray-700 dark:hover:bg-gray-800',
} as const;

/** The app's buttons: dialogs' footers, banners and forms look alike. */
export const buttonClass = {
  primary: `inline-flex items-center justify-center px-4 py-2 ${look.primary}`,
  secondary: `inline-flex items-center justify-center px-4 py-2 ${look.secondary}`,
  danger:
    'inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:opacity-50',
} as const;

/** Dense places (the admin console's table and forms, a card's tools): the same buttons, smaller. */
export const compactButtonClass = {
  primary: `inline-flex items-center justify-center px-3 py-1.5 ${look.primary}`,
  secondary: `inline-flex items-center justify-center px-3 py-1.5 ${look.secondary}`,
  /** Outlined rather than filled: a row's delete beside its other actions. */
  danger:
    'inline-flex items-center justify-center rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950',
} as const;

/** A small action inside a list or a row (revert, remove a grant, show older). */
export const smallButtonClass =
  'shrink-0 rounded-md border border-gray-300 px-2.5 py-1 text-xs font-semibold hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:border-gray-700 dark:hover:bg-gray-800';
