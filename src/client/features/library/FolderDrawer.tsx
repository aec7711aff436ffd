import type { ReactNode, RefObject } from 'react';
import { CloseIcon } from './LibraryIcons';
import { DRAWER_BACKDROP_ATTRIBUTE } from './useDrawerFocus';

interface FolderDrawerProps {
  drawerRef: RefObject<HTMLElement | null>;
  id: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The folder tree's panel: beside the files on wider screens; on a phone an off-canvas drawer over a dimmed page,
 * which a tap on the page closes. It turns visible at once (so focus can move in) and hidden only once it has slid out.
 */
export function FolderDrawer({ drawerRef, id, open, onClose, children }: FolderDrawerProps) {
  return (
    <>
      {open && <div aria-hidden="true" {...{ [DRAWER_BACKDROP_ATTRIBUTE]: '' }} className="fixed inset-0 z-40 bg-black/50 md:hidden" onClick={onClose} />}
      <nav
        ref={drawerRef}
        id={id}
        aria-label="Folders"
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        className={`library-panel folder-drawer ${open ? 'max-md:transition-[translate]' : 'max-md:invisible max-md:-translate-x-full max-md:transition-[translate,visibility]'}`}
      >
        <div className="flex items-center gap-2 px-2 pb-2 md:hidden">
          <p className="flex-1 text-base font-semibold">Folders</p>
          <button type="button" onClick={onClose} aria-label="Close folders" className="folder-drawer-close">
            <CloseIcon />
          </button>
        </div>
        {children}
      </nav>
    </>
  );
}
