/** The admin console's class strings: its fields and buttons (the compact ones) and the table that becomes a list on a phone. */
import { fieldClass } from '../../ui/fields';

/** Its fields fill their cell. */
export const inputClass = `${fieldClass.compact} w-full`;

export { compactButtonClass as button } from '../../ui/dense-buttons';

// Table cells on a wide screen; labelled blocks of a two-column card on a phone.
export const cell = 'block min-w-0 sm:table-cell sm:px-3 sm:py-2 sm:align-top';
export const phoneLabel = 'block text-xs font-medium text-gray-600 sm:hidden dark:text-gray-400';
export const editLabel = 'mb-1 block text-xs font-medium sm:sr-only';
