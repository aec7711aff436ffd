/** The admin console's class strings: its buttons and the table that becomes a list on a phone. */
import { fieldClass } from '../../ui/fields';

/** Its fields fill their cell. */
export const inputClass = `${fieldClass.compact} w-full`;

export const button = {
  primary:
    'rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50',
  secondary:
    'rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:border-gray-700 dark:hover:bg-gray-800',
  danger:
    'rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950',
} as const;

// Table cells on a wide screen; labelled blocks of a two-column card on a phone.
export const cell = 'block min-w-0 sm:table-cell sm:px-3 sm:py-2 sm:align-top';
export const phoneLabel = 'block text-xs font-medium text-gray-600 sm:hidden dark:text-gray-400';
export const editLabel = 'mb-1 block text-xs font-medium sm:sr-only';
