import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import type { SettingsEmoji } from '../../../../shared/settings/index';
import { FOCUS } from '../../../ui/focus';

// The picker and its emoji list load when it first opens: no page carries them. The server never draws it (it opens
// on a click), so the Worker's build leaves both out.
const EmojiPicker = lazy(() => (import.meta.env.SSR ? new Promise<never>(() => undefined) : import('./EmojiPicker')));

export interface EmojiChooserProps {
  /** The server's emoji (the settings' `emojis`): its usable ones come first. */
  serverEmojis: readonly SettingsEmoji[];
  /** The emoji stored now (a Unicode emoji or a server emoji's name), marked in the picker. */
  value: string | null;
  /** A Unicode emoji, or a server emoji's name. */
  onPick: (value: string) => void;
  /** Drawn before the button, on its row (after it, with a `face`). */
  children?: ReactNode;
  /** The button drawn as the emoji it changes, first on its row, instead of the words "Choose an emoji". */
  face?: { content: ReactNode; label: string };
  /** The row's classes, when not a field's (under its input). */
  rowClassName?: string;
}

/**
 * The "Choose an emoji" button and the picker it opens under it. Picking, or Escape, closes the picker and gives the
 * focus back to the button. Any field that holds an emoji can use it.
 */
export function EmojiChooser({ serverEmojis, value, onPick, children, face, rowClassName = 'mt-1.5 flex flex-wrap items-center gap-2' }: EmojiChooserProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const pickerId = useId();
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <>
      <div className={rowClassName}>
        {face === undefined && children}
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={open ? pickerId : undefined}
          aria-haspopup="dialog"
          aria-label={face?.label}
          title={face?.label}
          onClick={() => setOpen(!open)}
          className={
            face === undefined
              ? `rounded-md px-1 text-xs font-semibold text-indigo-700 hover:underline dark:text-indigo-300 ${FOCUS}`
              : `inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-lg ring-indigo-400 hover:ring-2 aria-expanded:ring-2 dark:bg-gray-800 ${FOCUS}`
          }
        >
          {face === undefined ? (open ? 'Close emoji list' : 'Choose an emoji') : face.content}
        </button>
        {face !== undefined && children}
      </div>
      {open && (
        <Suspense fallback={<p className="mt-2 text-xs text-gray-600 dark:text-gray-400">Loading emoji…</p>}>
          <EmojiPicker
            id={pickerId}
            serverEmojis={serverEmojis}
            value={value}
            onPick={(next) => {
              close();
              onPick(next);
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
