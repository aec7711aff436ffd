import { useContext, useId, useState } from 'react';
import { emojiImageUrl, type SettingsEmoji } from '../../../shared/settings';
import { FOCUS, OPTIONAL_TEXT, ReadOnlyView, TextSetting } from './controls';
import type { ControlProps } from './control-props';

/** Unicode emoji offered beside the server's own; any other can be typed. */
const COMMON_EMOJI = ['⭐', '🎫', '✅', '👍', '🎉', '❤️', '🔥', '📌'];

/** The server's emoji image, or its name where the image does not load; `decorative` when its name is written beside it. */
export function ServerEmoji({ emoji, size = 24, decorative = false }: { emoji: SettingsEmoji; size?: number; decorative?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) return decorative ? null : <span className="font-mono text-xs">{`:${emoji.name}:`}</span>;
  return <img src={emojiImageUrl(emoji)} alt={decorative ? '' : `:${emoji.name}:`} width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
}

const choice = `inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-lg border px-2 text-sm ${FOCUS}`;
const choiceState = (picked: boolean) =>
  picked
    ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
    : 'border-gray-200 hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800';

/** An emoji typed (unicode or a name), or picked from the server's own emoji and a few common ones. */
export function EmojiSetting({ id, spec, value, data, saving, saved, validate, onChange }: ControlProps<'emoji'>) {
  const [open, setOpen] = useState(false);
  const readOnly = useContext(ReadOnlyView);
  const pickerId = useId();
  const current = typeof value === 'string' ? value : null;
  const usable = data.emojis.filter((emoji) => emoji.available);
  const chosenServerEmoji = usable.find((emoji) => emoji.name === current);
  const pick = (next: string) => {
    setOpen(false);
    if (next !== current) onChange(next);
  };
  return (
    <TextSetting
      id={id}
      label={spec.label}
      saving={saving}
      saved={saved}
      value={current}
      format={OPTIONAL_TEXT.format}
      parse={OPTIONAL_TEXT.parse}
      placeholder={spec.placeholder}
      help={spec.help}
      validate={validate}
      onSave={onChange}
    >
      {(chosenServerEmoji !== undefined || !readOnly) && (
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          {chosenServerEmoji && (
            <span className="inline-flex items-center gap-1 text-xs text-gray-600 dark:text-gray-400">
              <ServerEmoji emoji={chosenServerEmoji} size={20} /> from this server
            </span>
          )}
          {!readOnly && (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={pickerId}
              onClick={() => setOpen(!open)}
              className={`rounded-md px-1 text-xs font-semibold text-indigo-700 hover:underline dark:text-indigo-300 ${FOCUS}`}
            >
              {open ? 'Close emoji list' : 'Choose an emoji'}
            </button>
          )}
        </div>
      )}
      {open && !readOnly && (
        <div id={pickerId} className="mt-2 rounded-lg border border-gray-200 p-3 dark:border-gray-700">
          <p className="text-xs font-semibold text-gray-600 dark:text-gray-400">This server’s emoji</p>
          {usable.length === 0 ? (
            <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">This server has no emoji of its own.</p>
          ) : (
            <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="This server’s emoji">
              {usable.map((emoji) => (
                <li key={emoji.id}>
                  <button
                    type="button"
                    className={`${choice} ${choiceState(emoji.name === current)}`}
                    aria-pressed={emoji.name === current}
                    onClick={() => pick(emoji.name)}
                  >
                    <ServerEmoji emoji={emoji} decorative />
                    <span className="text-xs">{emoji.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-xs font-semibold text-gray-600 dark:text-gray-400">Common emoji</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Common emoji">
            {COMMON_EMOJI.map((emoji) => (
              <li key={emoji}>
                <button
                  type="button"
                  className={`${choice} ${choiceState(emoji === current)} text-lg`}
                  aria-pressed={emoji === current}
                  onClick={() => pick(emoji)}
                >
                  {emoji}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </TextSetting>
  );
}
