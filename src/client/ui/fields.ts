/**
 * The app's text fields and selects look alike. The `.field` class (styles.css) draws the box: its colours in both
 * themes, the focus outline, red when `aria-invalid`, and a disabled field reads as its bare value. The caller
 * sets the width.
 */
export const fieldClass = {
  regular: 'field',
  /** Dense places: the admin console's table, the history's filters, the server switcher. */
  compact: 'field field-compact',
} as const;

/** A field's error sentence, under the field. */
export const fieldErrorClass = 'mt-1 text-xs font-medium text-red-700 dark:text-red-400';
/** A field's help line, under the field. */
export const fieldHintClass = 'mt-1 text-xs text-gray-600 dark:text-gray-400';
