import { useContext } from 'react';
import { ReadOnlyView } from './controls';
import { OPTIONAL_TEXT, TextSetting } from './TextSetting';
import type { ControlProps } from './control-props';
import { EmojiChooser } from './emoji/EmojiChooser';
import { ServerEmoji } from './emoji/ServerEmoji';

/** An emoji typed (unicode or a name), or picked from the server's own emoji and every Unicode one. */
export function EmojiSetting({ id, spec, value, data, saving, saved, validate, onChange }: ControlProps<'emoji'>) {
  const readOnly = useContext(ReadOnlyView);
  const current = typeof value === 'string' ? value : null;
  const chosenServerEmoji = data.emojis.find((emoji) => emoji.available && emoji.name === current);
  const chosen = chosenServerEmoji && (
    <span className="inline-flex items-center gap-1 text-xs text-gray-600 dark:text-gray-400">
      <ServerEmoji emoji={chosenServerEmoji} size={20} /> from this server
    </span>
  );
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
      {readOnly ? (
        chosen && <div className="mt-1.5">{chosen}</div>
      ) : (
        <EmojiChooser serverEmojis={data.emojis} value={current} onPick={(next) => next !== current && onChange(next)}>
          {chosen}
        </EmojiChooser>
      )}
    </TextSetting>
  );
}
