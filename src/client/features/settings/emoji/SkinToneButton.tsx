import { useRef, useState } from 'react';
import { FOCUS } from '../../../ui/focus';
import { SKIN_TONES, type SkinTone } from './emoji-catalogue';
import { EMOJI_FONT } from './EmojiGrid';

/** The raised hand in each tone, the default yellow first. */
const HANDS = ['✋', ...SKIN_TONES.map(({ modifier }) => `✋${String.fromCodePoint(Number.parseInt(modifier, 16))}`)];
const toneName = (tone: SkinTone) => (tone === null ? 'Default skin tone' : (SKIN_TONES[tone]?.name ?? 'Default skin tone'));
const handOf = (tone: SkinTone) => HANDS[tone === null ? 0 : tone + 1];

const button = `flex size-9 shrink-0 items-center justify-center rounded-lg text-xl ${EMOJI_FONT} hover:bg-gray-100 dark:hover:bg-gray-800 ${FOCUS}`;

/** The skin tone of the people the picker shows: a hand in the tone, which opens the six to choose from. */
export function SkinToneButton({ tone, onTone }: { tone: SkinTone; onTone: (tone: SkinTone) => void }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const choose = (next: SkinTone) => {
    setOpen(false);
    onTone(next);
    toggle.current?.focus();
  };
  return (
    <div className="relative">
      <button ref={toggle} type="button" aria-label={`Skin tone: ${toneName(tone)}`} aria-expanded={open} onClick={() => setOpen(!open)} className={button}>
        {handOf(tone)}
      </button>
      {open && (
        // Escape closes the tones from whichever has the focus.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          role="group"
          aria-label="Skin tones"
          className="absolute top-full right-0 z-20 mt-1 flex gap-0.5 rounded-lg border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
          onKeyDown={(event) => {
            // Escape closes the tones, not the whole picker.
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            setOpen(false);
            toggle.current?.focus();
          }}
        >
          {[null, ...SKIN_TONES.keys()].map((option) => (
            <button
              key={option ?? 'default'}
              type="button"
              aria-label={toneName(option)}
              aria-pressed={option === tone}
              // The chosen tone first under the keyboard, as the hand that opened them shows it.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={option === tone}
              onClick={() => choose(option)}
              className={`${button} aria-pressed:bg-indigo-100 dark:aria-pressed:bg-indigo-950`}
            >
              {handOf(option)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
