import { useContext, useLayoutEffect, useRef } from 'react';
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { WELCOME_PLACEHOLDERS } from '../../../shared/settings/inputs';
import type { SectionName } from '../../../shared/settings/registry';
import type { FieldSpecOf } from '../../../shared/settings/field-specs';
import { FieldRow, FOCUS, INPUT_CLASS, ReadOnlyValue, ReadOnlyView } from './controls';
import { useDraft } from './TextSetting';
import type { ControlProps } from './control-props';
import { onLeaveGroup } from './useSaveOnLeave';
import { WelcomePreview, type EmbedLook } from './WelcomePreview';
import { formatCount } from '../../../shared/count-format';

const format = (value: unknown) => (typeof value === 'string' ? value : '');
const parse = (text: string) => text;

/** The stored title, colour and image of the embed a text describes, or null for a plain message. */
function embedLook(section: SectionName, spec: FieldSpecOf<'messageText'>, data: ServerSettingsResponse): EmbedLook | null {
  if (!spec.embed) return null;
  const values = data[section] as Record<string, unknown>;
  const text = (key: string) => {
    const value = values[key];
    return typeof value === 'string' ? value : null;
  };
  const colour = values[spec.embed.colour];
  return { title: text(spec.embed.title), colour: typeof colour === 'number' ? colour : 0, image: text(spec.embed.image) };
}

/**
 * A message the bot posts, with its placeholders a click away and a live preview of how Discord shows it.
 * Saved when focus leaves the editor and its placeholder buttons (by Tab or a click), on Ctrl+Enter, and when the page
 * is hidden or left; Escape puts the saved text back.
 */
export function MessageTextSetting({ id, section, spec, value, data, saving, saved, validate, onChange }: ControlProps<'messageText'>) {
  const { draft, setDraft, problem, invalid, describedBy, commit, reset } = useDraft({ id, value, format, parse, saving, validate, onSave: onChange });
  const area = useRef<HTMLTextAreaElement>(null);
  const readOnly = useContext(ReadOnlyView);
  const length = draft.length;
  const over = length > spec.maxLength;

  // Where the caret goes once an inserted placeholder is on screen: set as that render commits, before the next key
  // (a frame later, typing that came first would be split around the caret's old place).
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const field = area.current;
    if (caret.current === null || !field) return;
    field.focus();
    field.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const insert = (token: string) => {
    const field = area.current;
    const start = field?.selectionStart ?? draft.length;
    const end = field?.selectionEnd ?? draft.length;
    caret.current = start + token.length;
    setDraft(draft.slice(0, start) + token + draft.slice(end));
  };

  if (readOnly) {
    // A reader sees the message and how Discord shows it; the placeholders, the count and the help are for editing.
    return (
      <FieldRow id={id} label={spec.label} saving={saving} saved={saved}>
        <ReadOnlyValue id={id} labelId={`${id}-label`} text={draft} multiline />
        <WelcomePreview text={draft} data={data} embed={embedLook(section, spec, data)} />
      </FieldRow>
    );
  }

  return (
    // The problem, how the last save ended and the help sit under the editor, above the preview.
    <FieldRow
      id={id}
      label={spec.label}
      saving={saving}
      saved={saved}
      problem={problem}
      help={spec.help}
      extra={<WelcomePreview text={draft} data={data} embed={embedLook(section, spec, data)} />}
    >
      {/* The editor and its buttons are one group: leaving it, by Tab or a click, saves. */}
      <div onBlur={onLeaveGroup(commit)}>
        <textarea
          ref={area}
          id={id}
          rows={4}
          className={`${INPUT_CLASS} resize-y`}
          value={draft}
          aria-describedby={describedBy(`${id}-count`, spec.help && `${id}-help`)}
          aria-invalid={invalid || undefined}
          aria-busy={saving || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape') reset();
          }}
        />
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Insert a placeholder">
            {WELCOME_PLACEHOLDERS.map((placeholder) => (
              <button
                key={placeholder.token}
                type="button"
                title={`Insert ${placeholder.meaning}`}
                onClick={() => insert(placeholder.token)}
                className={`rounded-md border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs text-gray-800 hover:bg-gray-100 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700 ${FOCUS}`}
              >
                {placeholder.token}
              </button>
            ))}
          </div>
          <span
            id={`${id}-count`}
            className={`text-xs tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-gray-600 dark:text-gray-400'}`}
          >
            {`${formatCount(length)} / ${formatCount(spec.maxLength)}`}
          </span>
        </div>
      </div>
    </FieldRow>
  );
}
