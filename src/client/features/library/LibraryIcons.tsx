import type { SVGProps } from 'react';
import { outlineIcon } from '../../ui/Icons';

const icon = (p: SVGProps<SVGSVGElement>) => outlineIcon(p, 18);

/**
 * An icon whose shapes are markup rather than elements: React hydrates its <svg> alone. A folder of 14 songs hydrated
 * 316 fibers in its list, 61 of them the row icons' shapes. The markup is this file's constants, never data.
 */
const shapes = (markup: string) =>
  function Icon(p: SVGProps<SVGSVGElement>) {
    return <svg {...icon(p)} dangerouslySetInnerHTML={{ __html: markup }} />;
  };

export const PlayIcon = shapes('<path d="M7 4v16l13-8Z" fill="currentColor" />');
export const PauseIcon = shapes(
  '<rect x="6" y="4" width="4" height="16" rx="1" fill="currentColor" /><rect x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />',
);
export const DownloadIcon = shapes('<path d="M12 3v12M7 10l5 5 5-5M5 21h14" />');
export const FolderIcon = shapes('<path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z" />');
export const FileIcon = shapes('<path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9Z" /><path d="M14 3v6h6" />');
export const ChevronRightIcon = shapes('<path d="m9 6 6 6-6 6" />');
export const VolumeIcon = shapes('<path d="M11 5 6 9H3v6h3l5 4Z" /><path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />');
export const MutedIcon = shapes('<path d="M11 5 6 9H3v6h3l5 4Z" /><path d="m16 9 6 6M22 9l-6 6" />');
export const SearchIcon = shapes('<circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" />');
export const PreviousIcon = shapes('<path d="M18 5v14L8 12Z" fill="currentColor" /><path d="M6 5v14" stroke-width="2.5" />');
export const NextIcon = shapes('<path d="M6 5v14l10-7Z" fill="currentColor" /><path d="M18 5v14" stroke-width="2.5" />');
export const ShuffleIcon = shapes('<path d="M3 6h4l10 12h4M3 18h4l3-3.6M14 9.6 17 6h4M18 3l3 3-3 3M18 15l3 3-3 3" />');
export const RepeatIcon = shapes('<path d="M4 11V9a3 3 0 0 1 3-3h13M17 3l3 3-3 3M20 13v2a3 3 0 0 1-3 3H4M7 21l-3-3 3-3" />');
export const AutoplayIcon = shapes('<path d="M3 6h12M3 12h12M3 18h7" /><path d="M15 15v6l5-3Z" fill="currentColor" />');
export const ChevronUpIcon = shapes('<path d="m6 15 6-6 6 6" />');
export const KeyboardIcon = shapes('<rect x="2" y="6" width="20" height="12" rx="2" /><path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />');
/** The song playing above what comes next (Spotify's queue shape), distinct from autoplay's list-and-arrow. */
export const QueueIcon = shapes('<rect x="4" y="3" width="16" height="8" rx="1.5" /><path d="M4 16h16M4 21h16" />');
export const QueueAddIcon = shapes('<path d="M3 6h13M3 12h9M3 18h9M18 13v8M14 17h8" />');
/** A song (the triangle) going in at the top of the list. */
export const PlayNextIcon = shapes('<path d="M3 4v6l5-3Z" fill="currentColor" /><path d="M12 7h9M3 13h18M3 19h18" />');
export const CloseIcon = shapes('<path d="M6 6l12 12M18 6 6 18" />');
export const GripIcon = shapes('<path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" stroke-width="3" />');
export const MoveUpIcon = shapes('<path d="M12 19V5M6 11l6-6 6 6" />');
export const MoveDownIcon = shapes('<path d="M12 5v14M6 13l6 6 6-6" />');
export const RemoveIcon = shapes('<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />');
