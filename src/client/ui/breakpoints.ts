/** Tailwind's `max-md` breakpoint: the widths where the page lays itself out for a phone. */
export const PHONE_QUERY = '(width < 48rem)';
