import { memo, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { SettingsEmoji } from '../../../../shared/settings/index';
import { FOCUS } from '../../../ui/focus';
import { moveInGrid } from './emoji-grid-keys';
import { ServerEmoji } from './ServerEmoji';

/** One emoji of the grid: what picking it stores, and what it is called. */
export interface PickerItem {
  value: string;
  /** Its accessible name and the footer's: ":kenji_wave:", "thumbs up". */
  label: string;
  /** A server emoji, drawn as its image; else `value` is the Unicode emoji drawn as text. */
  server?: SettingsEmoji;
}

export interface PickerSection {
  key: string;
  name: string;
  items: PickerItem[];
}

interface EmojiGridProps {
  id: string;
  sections: readonly PickerSection[];
  /** The emoji that holds the grid's one tab stop (the focused one, as the arrows move). */
  active: number;
  /** The value stored now: its emoji is marked selected. */
  value: string | null;
  onActive: (index: number, focus: boolean) => void;
  /** The pointer is over an emoji (the footer names it). */
  onHover: (index: number) => void;
  onPick: (item: PickerItem) => void;
}

/** Colour emoji fonts before the text fonts, some of which draw emoji in black and white. */
export const EMOJI_FONT = "[font-family:'Apple_Color_Emoji','Segoe_UI_Emoji','Noto_Color_Emoji',sans-serif]";

export const optionId = (id: string, index: number) => `${id}-emoji-${index}`;
export const sectionId = (id: string, key: string) => `${id}-section-${key}`;

/**
 * The emoji as a listbox of one group per section, `GRID_COLUMNS` to a row: one tab stop (the active emoji), arrow
 * keys move in two dimensions, Home and End to the ends, Enter or Space picks.
 */
export const EmojiGrid = memo(function EmojiGrid({ id, sections, active, value, onActive, onHover, onPick }: EmojiGridProps) {
  const items = sections.flatMap((section) => section.items);
  const sizes = sections.map((section) => section.items.length);
  const indexOf = (target: EventTarget) => (target instanceof HTMLElement && target.dataset.index !== undefined ? Number(target.dataset.index) : null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = indexOf(event.target);
    if (index === null) return;
    const item = items[index];
    if ((event.key === 'Enter' || event.key === ' ') && item) {
      event.preventDefault();
      onPick(item);
      return;
    }
    const next = moveInGrid(sizes, index, event.key);
    if (next === null) return;
    event.preventDefault();
    onActive(next, true);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-index]') : null;
    const index = target ? indexOf(target) : null;
    const item = index === null ? undefined : items[index];
    if (item) onPick(item);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = indexOf(event.target);
    if (index !== null) onActive(index, false);
  };
  const onMouseOver = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-index]') : null;
    const index = target ? indexOf(target) : null;
    if (index !== null) onHover(index);
  };

  let start = 0;
  return (
    // Keys, clicks, focus and the pointer reach the options through here: one handler each for some 1,900 emoji.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div role="listbox" aria-label="Emoji" className="px-2 pb-2" onKeyDown={onKeyDown} onClick={onClick} onFocus={onFocus} onMouseOver={onMouseOver}>
      {sections.map((section) => {
        const first = start;
        start += section.items.length;
        const holdsActive = active >= first && active < start;
        return <EmojiSection key={section.key} id={id} section={section} first={first} active={holdsActive ? active : -1} value={value} />;
      })}
    </div>
  );
});

interface EmojiSectionProps {
  id: string;
  section: PickerSection;
  /** The index of its first emoji in the grid. */
  first: number;
  /** The grid's active emoji, or -1 when it is in another section: moving in one section redraws only it. */
  active: number;
  value: string | null;
}

const EmojiSection = memo(function EmojiSection({ id, section, first, active, value }: EmojiSectionProps) {
  if (section.items.length === 0) return null;
  const headingId = sectionId(id, section.key);
  return (
    <div role="group" aria-labelledby={headingId} className="[contain-intrinsic-size:auto_320px] [content-visibility:auto]">
      <div
        id={headingId}
        className="sticky top-0 z-10 bg-white/95 px-1 pt-2 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:bg-gray-900/95 dark:text-gray-400"
      >
        {section.name}
      </div>
      {/* GRID_COLUMNS columns: the arrow keys count them. */}
      <div className="grid grid-cols-8 gap-0.5">
        {section.items.map((item, offset) => {
          const index = first + offset;
          return (
            <div
              key={`${item.server?.id ?? ''}${item.value}`}
              id={optionId(id, index)}
              role="option"
              aria-selected={item.value === value}
              aria-label={item.label}
              title={item.label}
              tabIndex={index === active ? 0 : -1}
              data-index={index}
              className={`flex aspect-square cursor-pointer items-center justify-center rounded-md text-2xl leading-none ${EMOJI_FONT} hover:bg-gray-100 aria-selected:bg-indigo-100 dark:hover:bg-gray-800 dark:aria-selected:bg-indigo-950 ${index === active ? 'bg-gray-100 dark:bg-gray-800' : ''} ${FOCUS} focus-visible:outline-offset-0`}
            >
              {item.server ? <ServerEmoji emoji={item.server} size={28} decorative /> : item.value}
            </div>
          );
        })}
      </div>
    </div>
  );
});
