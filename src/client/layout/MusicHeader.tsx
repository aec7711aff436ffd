import type { SVGProps } from 'react';
import { outlineIcon } from '../ui/Icons';

const MusicIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...outlineIcon(p)}>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </svg>
);

/** The transparent header of the song libraries: no theme toggle, no account menu. Their page draws it (the music chrome). */
export function MusicHeader({ title }: { title: string }) {
  return (
    <header className="absolute inset-x-0 top-0 z-40 h-16 bg-transparent">
      <nav aria-label="Library" className="mx-auto flex h-full max-w-7xl items-center px-4 sm:px-6">
        <a href="/" className="flex items-center gap-2 rounded-lg focus-visible:outline-2">
          <MusicIcon />
          <span className="text-lg font-bold">{title}</span>
        </a>
      </nav>
    </header>
  );
}
