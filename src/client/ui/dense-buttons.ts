/**
 * The app's buttons where space is tight, as classes of the stylesheet's components layer (styles.css, "Buttons"), like
 * ./buttons.ts: apart from it, as the shell every page loads draws none of these.
 */
/** Dense places (the admin console's table and forms, a card's tools): the same buttons, smaller. */
export const compactButtonClass = {
  primary: 'button button-compact button-primary',
  secondary: 'button button-compact button-secondary',
  /** Outlined rather than filled: a row's delete beside its other actions. */
  danger: 'button button-compact button-outline-danger',
} as const;

/** A small action inside a list or a row (revert, remove a grant, show older). */
export const smallButtonClass = 'button-small';
