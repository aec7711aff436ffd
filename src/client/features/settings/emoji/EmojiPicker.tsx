import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SettingsEmoji } from '../../../../shared/settings/index';
import { fieldClass } from '../../../ui/fields';
import { FOCUS } from '../../../ui/focus';
import { inTone, loadEmojiCatalogue, type EmojiCategory, type SkinTone } from './emoji-catalogue';
import { EMOJI_FONT, EmojiGrid, optionId, sectionId, type PickerItem, type PickerSection } from './EmojiGrid';
import { findServerEmoji, findUnicodeEmoji } from './emoji-search';
import { ServerEmoji } from './ServerEmoji';
import { SkinToneButton } from './SkinToneButton';

export interface EmojiPickerProps {
  id: string;
  /** The server's own emoji, as the settings' guild view lists them: those the bot cannot use are left out. */
  serverEmojis: readonly SettingsEmoji[];
  value: string | null;
  onPick: (value: string) => void;
  /** Escape: the picker closes and the focus goes back to what opened it. */
  onClose: () => void;
}

/** The server's emoji are picked by name, as the setting stores them. */
const serverItem = (emoji: SettingsEmoji): PickerItem => ({ value: emoji.name, label: `:${emoji.name}:`, server: emoji });
const SERVER_SECTION = { key: 'server', name: 'This server' };

// The tone chosen last, for the next picker opened on this page.
let lastTone: SkinTone = null;

type Catalogue = EmojiCategory[] | 'loading' | 'failed';

function useCatalogue(): [Catalogue, () => void] {
  const [catalogue, setCatalogue] = useState<Catalogue>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    loadEmojiCatalogue().then(setCatalogue, () => setCatalogue('failed'));
  }, [attempt]);
  const retry = () => {
    setCatalogue('loading');
    setAttempt(attempt + 1);
  };
  return [catalogue, retry];
}

/**
 * Discord's emoji picker, for a setting: the server's emoji first, then every Unicode emoji by category, a search
 * by name and keyword, and the skin tone of the people. A dialog beside the field, operable by keyboard.
 */
export default function EmojiPicker({ id, serverEmojis, value, onPick, onClose }: EmojiPickerProps) {
  const [catalogue, retry] = useCatalogue();
  const [query, setQuery] = useState('');
  const [tone, setTone] = useState<SkinTone>(lastTone);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const usable = useMemo(() => serverEmojis.filter((emoji) => emoji.available), [serverEmojis]);
  const categories = useMemo(() => (Array.isArray(catalogue) ? catalogue : []), [catalogue]);
  const searching = query.trim() !== '';
  const [firstUsable] = usable;

  const sections = useMemo((): PickerSection[] => {
    const unicode = (emoji: EmojiCategory['emoji'][number]): PickerItem => ({ value: inTone(emoji, tone), label: emoji.name });
    if (searching) {
      return [
        { ...SERVER_SECTION, items: findServerEmoji(usable, query).map(serverItem) },
        { key: 'results', name: 'Emoji', items: findUnicodeEmoji(categories, query).map(unicode) },
      ];
    }
    return [
      { ...SERVER_SECTION, items: usable.map(serverItem) },
      ...categories.map((category) => ({ key: category.key, name: category.name, items: category.emoji.map(unicode) })),
    ];
  }, [searching, usable, query, categories, tone]);
  const items = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const found = items.length;

  const focusOption = useCallback(
    (index: number, focus: boolean) => {
      setActive(index);
      if (!focus) return;
      // The footer names what the keyboard reached, not what the pointer rests on.
      setHovered(null);
      document.getElementById(optionId(id, index))?.focus();
    },
    [id],
  );
  const pick = useCallback((item: PickerItem) => onPick(item.value), [onPick]);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && found > 0) {
      event.preventDefault();
      focusOption(0, true);
    }
    // The best match, as Discord's search picks it.
    const [best] = items;
    if (event.key === 'Enter' && searching && best) {
      event.preventDefault();
      pick(best);
    }
  };
  const showCategory = (key: string) => {
    setQuery('');
    // After the search's results give way to the categories.
    requestAnimationFrame(() => {
      const heading = document.getElementById(sectionId(id, key));
      if (heading && scroller.current) scroller.current.scrollTop = heading.parentElement?.offsetTop ?? 0;
    });
  };

  const shown = items[hovered ?? active];
  return (
    // Escape closes the dialog from wherever its focus is.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      id={id}
      role="dialog"
      aria-label="Choose an emoji"
      className="mt-2 flex w-full max-w-[22rem] flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
    >
      <div className="flex items-center gap-2 border-b border-gray-200 p-2 dark:border-gray-700">
        <input
          type="search"
          aria-label="Search emoji"
          aria-controls={`${id}-grid`}
          placeholder="Find the perfect emoji"
          // The dialog opens to its search, as Discord's does.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setHovered(null);
          }}
          onKeyDown={onSearchKey}
          className={`${fieldClass.regular} min-w-0 flex-1`}
        />
        <SkinToneButton
          tone={tone}
          onTone={(next) => {
            lastTone = next;
            setTone(next);
          }}
        />
      </div>
      {!searching && categories.length > 0 && (
        <CategoryBar
          categories={[
            ...(firstUsable ? [{ key: SERVER_SECTION.key, name: SERVER_SECTION.name, icon: <ServerEmoji emoji={firstUsable} size={20} decorative /> }] : []),
            ...categories,
          ]}
          onShow={showCategory}
        />
      )}
      <div id={`${id}-grid`} ref={scroller} className="relative h-72 overflow-y-auto overscroll-contain">
        <EmojiGrid id={id} sections={sections} active={active} value={value} onActive={focusOption} onHover={setHovered} onPick={pick} />
        <PickerStatus catalogue={catalogue} query={searching ? query.trim() : null} found={found} onRetry={retry} />
      </div>
      <div className="flex h-12 items-center gap-2 border-t border-gray-200 px-3 dark:border-gray-700" aria-hidden="true">
        {shown && (
          <>
            <span className={`flex size-7 items-center justify-center text-2xl leading-none ${EMOJI_FONT}`}>
              {shown.server ? <ServerEmoji emoji={shown.server} size={28} decorative /> : shown.value}
            </span>
            <span className="truncate text-sm font-semibold text-gray-800 dark:text-gray-200">{shown.label}</span>
          </>
        )}
      </div>
    </div>
  );
}

interface CategoryLink {
  key: string;
  name: string;
  icon: ReactNode;
}

/** A button per category, which scrolls the grid to it: one tab stop, the arrow keys move along. */
function CategoryBar({ categories, onShow }: { categories: readonly CategoryLink[]; onShow: (key: string) => void }) {
  const [focused, setFocused] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (focused + step + categories.length) % categories.length;
    setFocused(next);
    bar.current?.querySelectorAll('button')[next]?.focus();
  };
  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Categories"
      onKeyDown={onKeyDown}
      className="flex justify-between gap-0.5 border-b border-gray-200 px-1.5 py-1 dark:border-gray-700"
    >
      {categories.map((category, index) => (
        <button
          key={category.key}
          type="button"
          aria-label={category.name}
          title={category.name}
          tabIndex={index === focused ? 0 : -1}
          onFocus={() => setFocused(index)}
          onClick={() => onShow(category.key)}
          className={`flex size-8 items-center justify-center rounded-md text-lg leading-none ${EMOJI_FONT} hover:bg-gray-100 dark:hover:bg-gray-800 ${FOCUS}`}
        >
          {category.icon}
        </button>
      ))}
    </div>
  );
}

/** What the grid holds when it is not all there: the list loading or failed, or how many the search found. */
function PickerStatus({ catalogue, query, found, onRetry }: { catalogue: Catalogue; query: string | null; found: number; onRetry: () => void }) {
  const text = 'px-3 py-4 text-center text-sm text-gray-600 dark:text-gray-400';
  if (catalogue === 'failed') {
    return (
      <p role="alert" className={text}>
        The emoji list could not load.{' '}
        <button type="button" onClick={onRetry} className={`font-semibold text-indigo-700 underline dark:text-indigo-300 ${FOCUS}`}>
          Try again
        </button>
      </p>
    );
  }
  return (
    // The count is for screen readers: the grid shows what was found.
    <p role="status" className={catalogue === 'loading' || found === 0 ? text : 'sr-only'}>
      {catalogue === 'loading' ? 'Loading emoji…' : query === null ? '' : found === 0 ? `No emoji match “${query}”.` : `${found} emoji found`}
    </p>
  );
}
