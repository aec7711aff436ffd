/**
 * The app's buttons, as classes of the stylesheet's components layer (styles.css, "Buttons"): a page with twenty
 * buttons carries a short class each, not the same twenty utilities twenty times. A call site's own utilities
 * (`w-full`, `mt-4`) still win, as the utilities layer comes after the components.
 */
export const buttonClass = {
  primary: 'button button-primary',
  secondary: 'button button-secondary',
  danger: 'button button-danger',
  /** The one way on from a page that has nothing else to offer (Login, Return to Home). */
  primaryLarge: 'button button-large button-primary',
  /** Beside a large primary button, the other way on. */
  secondaryLarge: 'button button-large button-secondary',
} as const;
