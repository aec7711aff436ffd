import type { SVGProps } from 'react';

/**
 * An icon's attributes: the site's outline style (24×24 grid, hidden from screen readers, 20 px unless said), its
 * round 2 px strokes in styles.css `.icon`, written once for the page rather than on each of its icons. The icons
 * here are the shell's, which every page loads; an icon one feature draws lives with it (LibraryIcons.tsx).
 */
export function outlineIcon(p: SVGProps<SVGSVGElement>, size = 20): SVGProps<SVGSVGElement> {
  return { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, ...p, className: p.className === undefined ? 'icon' : `icon ${p.className}` };
}

export const LogoIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...outlineIcon(p)}>
    <rect x="3" y="4" width="18" height="7" rx="2" />
    <rect x="3" y="13" width="18" height="7" rx="2" />
    <path d="M7 7.5h.01M7 16.5h.01" />
  </svg>
);
export const SunIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...outlineIcon(p)}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
export const MoonIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...outlineIcon(p)}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
  </svg>
);
