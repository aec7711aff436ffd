import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  CATEGORY_CHANNEL_TYPE,
  isAssignableRole,
  isSelectableRole,
  TEXT_CHANNEL_TYPE,
  type SettingsChannel,
  type SettingsRole,
} from '../../../shared/settings/index';
import { trimSpaces } from '../../../shared/visible-text';
import { fieldClass } from '../../ui/fields';
import { useSaveOnLeave } from './useSaveOnLeave';

export { FOCUS } from '../../ui/focus';
/** A setting's field fills its row. */
export const INPUT_CLASS = `${fieldClass.regular} w-full`;

/**
 * True on a page where nothing can be changed (a reader's, or while changes are paused): the controls read
 * as a summary of the values, without what only an editor needs (help, hints, placeholders, pickers).
 */
export const ReadOnlyView = createContext(false);

/**
 * The value the server last refused for the field around it (SettingField): a typed field keeps showing it, marked
 * invalid and described by the refusal (`<id>-error`), so the owner corrects it rather than retypes it.
 */
export const RefusedValue = createContext<{ value: unknown } | null>(null);

/**
 * How the field's last save ended, as SettingField draws it (the refusal, or a failure with Retry, or a conflict).
 * Each control shows it with FieldMessages, right under its input and above anything else it draws there.
 */
export const SaveOutcomeNote = createContext<ReactNode>(null);

/** The messages under a field's input: what is wrong with the typed value (`<id>-problem`), then how its last save ended. */
/** The label row of a group of controls (a list, radio buttons): its name, what the group adds beside it, its saving state. */
export function GroupLabelRow({ id, label, saving, saved, children }: { id: string; label: string; saving: boolean; saved?: boolean; children?: ReactNode }) {
  return (
    <div className="settings-label-row">
      <span id={`${id}-label`} className="settings-label">
        {label}
      </span>
      {children === undefined ? (
        <SavingIndicator saving={saving} saved={saved} />
      ) : (
        <span className="flex items-center gap-2">
          {children}
          <SavingIndicator saving={saving} saved={saved} />
        </span>
      )}
    </div>
  );
}

export function FieldMessages({ id, problem = null }: { id: string; problem?: string | null }) {
  const outcome = useContext(SaveOutcomeNote);
  return (
    <>
      {problem !== null && (
        <p id={`${id}-problem`} className="settings-problem">
          {problem}
        </p>
      )}
      {outcome}
    </>
  );
}

/** What a reader sees for a setting that has no value. */
export const NOT_SET = 'Not set';

/**
 * An optional text value (an emoji, a message id): shown as stored, saved trimmed of spaces as the Worker trims it, and
 * cleared to null when left blank. A hidden character at an end stays, so the field says what the Worker would refuse.
 */
export const OPTIONAL_TEXT = {
  format: (value: string | null) => value ?? '',
  parse: (text: string) => (trimSpaces(text) === '' ? null : trimSpaces(text)),
};

/** A reader's text value: selectable and copyable, unlike a disabled field's. */
export function ReadOnlyValue({ id, labelId, text, multiline = false }: { id: string; labelId: string; text: string; multiline?: boolean }) {
  return (
    <div
      id={id}
      role="textbox"
      aria-readonly="true"
      aria-multiline={multiline || undefined}
      aria-labelledby={labelId}
      className={`min-h-9 rounded-lg bg-gray-100 px-3 py-2 text-sm break-words select-text dark:bg-gray-800/60 ${
        text === '' ? 'text-gray-600 italic dark:text-gray-400' : `text-gray-800 dark:text-gray-200 ${multiline ? 'whitespace-pre-wrap' : ''}`
      }`}
    >
      {text === '' ? NOT_SET : text}
    </div>
  );
}

/** A select's empty choice: an editor picks "None"; a reader reads the setting as not set, like any other. */
const useNoneLabel = () => (useContext(ReadOnlyView) ? NOT_SET : 'None');

/** The per-control save state: 'Saving…' while a save is in flight, then 'Saved ✓' for a moment (announced politely). */
export function SavingIndicator({ saving, saved = false }: { saving: boolean; saved?: boolean }) {
  return (
    <span role="status" aria-live="polite" className="saving-indicator" data-saving={saving || undefined}>
      {saving ? 'Saving…' : saved ? 'Saved ✓' : ''}
    </span>
  );
}

export function SectionCard({
  id,
  anchor,
  title,
  description,
  icon,
  children,
  wide = false,
}: {
  id: string;
  /** The element id a link jumps to. */
  anchor?: string;
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section
      id={anchor}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 rounded-xl border border-gray-200 bg-white p-5 shadow-sm target:ring-2 target:ring-indigo-500 dark:border-gray-800 dark:bg-gray-900 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <div className="flex items-start gap-3">
        {icon && <span className="settings-icon mt-0.5">{icon}</span>}
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">{description}</p>}
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

interface ToggleProps {
  id: string;
  label: string;
  checked: boolean;
  /** Why the switch cannot be turned on yet; the switch is disabled while this is set and it is off. */
  hint: string | null;
  saving: boolean;
  saved?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * What a switch whose `hint` is set does when turned on, given by the page around it: instead of being a
 * disabled switch, it takes the person to what is missing (`onBlocked`); `armed`: that was done, and the module
 * turns on once the fields are set. Without a provider, such a switch is disabled.
 */
export const SwitchIntent = createContext<{ armed: boolean; onBlocked: () => void } | null>(null);

export function Toggle({ id, label, checked, hint, saving, saved, onChange }: ToggleProps) {
  const intent = useContext(SwitchIntent);
  const onBlocked = intent?.onBlocked;
  const armed = intent?.armed ?? false;
  const readOnly = useContext(ReadOnlyView);
  // The hint says what to set; a reader sets nothing, so for them the switch is only its state.
  const blocked = hint !== null && !checked && !readOnly;
  return (
    <div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          id={id}
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-label`}
          aria-describedby={blocked ? `${id}-hint` : undefined}
          aria-busy={saving || undefined}
          disabled={blocked && !onBlocked}
          onClick={() => (blocked && onBlocked ? onBlocked() : onChange(!checked))}
          // The look, disabled and armed included, is the stylesheet's `.switch`, shared with the overview's switches.
          className="switch"
          data-armed={(armed && !checked) || undefined}
        >
          <span aria-hidden="true" className="switch-knob" />
          <span aria-hidden="true" className="switch-state">
            {checked ? 'On' : 'Off'}
          </span>
        </button>
        <span id={`${id}-label`} className="settings-label flex-1">
          {label}
        </span>
        <SavingIndicator saving={saving} saved={saved} />
      </div>
      {blocked && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-amber-700 dark:text-amber-300">
          {hint}
          {armed && ' It turns on as soon as you do.'}
        </p>
      )}
      <FieldMessages id={id} />
    </div>
  );
}

export function FieldRow({
  id,
  label,
  saving,
  saved,
  children,
  help,
  problem = null,
  extra,
}: {
  id: string;
  label: string;
  saving: boolean;
  saved?: boolean;
  children: ReactNode;
  help?: string;
  problem?: string | null;
  /** Drawn under the field's messages and help (a picker, a link back, a preview). */
  extra?: ReactNode;
}) {
  const readOnly = useContext(ReadOnlyView);
  return (
    <div>
      <div className="settings-label-row">
        <label id={`${id}-label`} htmlFor={id} className="settings-label">
          {label}
        </label>
        <SavingIndicator saving={saving} saved={saved} />
      </div>
      {children}
      <FieldMessages id={id} problem={problem} />
      {help && !readOnly && (
        <p id={`${id}-help`} className="settings-help">
          {help}
        </p>
      )}
      {extra}
    </div>
  );
}

interface ChannelSelectProps {
  id: string;
  label: string;
  value: string | null;
  channels: readonly SettingsChannel[];
  saving: boolean;
  saved?: boolean;
  /** What the empty choice is called, when not 'None' ('Default channel'). */
  noneLabel?: string;
  onChange: (value: string | null) => void;
}

/** Text channels, those without a category first, then grouped under their categories in Discord's order. */
export function ChannelSelect({ id, label, value, channels, saving, saved, noneLabel: emptyLabel, onChange }: ChannelSelectProps) {
  const text = channels.filter((channel) => channel.type === TEXT_CHANNEL_TYPE);
  const categories = channels.filter((channel) => channel.type === CATEGORY_CHANNEL_TYPE);
  const categoryIds = new Set(categories.map((category) => category.id));
  const loose = text.filter((channel) => channel.parent_id === null || !categoryIds.has(channel.parent_id));
  const known = value === null || text.some((channel) => channel.id === value);
  const noneLabel = useNoneLabel();
  return (
    <FieldRow id={id} label={label} saving={saving} saved={saved}>
      <select id={id} className={INPUT_CLASS} value={value ?? ''} aria-busy={saving || undefined} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{emptyLabel ?? noneLabel}</option>
        {!known && <option value={value}>{`Unknown channel (${value})`}</option>}
        {loose.map((channel) => (
          <option key={channel.id} value={channel.id}>{`#${channel.name}`}</option>
        ))}
        {categories.map((category) => {
          const inside = text.filter((channel) => channel.parent_id === category.id);
          if (inside.length === 0) return null;
          return (
            <optgroup key={category.id} label={category.name}>
              {inside.map((channel) => (
                <option key={channel.id} value={channel.id}>{`#${channel.name}`}</option>
              ))}
            </optgroup>
          );
        })}
      </select>
    </FieldRow>
  );
}

export const roleColour = (color: number) => (color === 0 ? null : `#${color.toString(16).padStart(6, '0')}`);

interface RoleSelectProps {
  id: string;
  label: string;
  value: string | null;
  roles: readonly SettingsRole[];
  guildId: string;
  /** Roles the bot hands out itself must sit below its highest role. */
  assignable: boolean;
  botHighestRolePosition: number;
  saving: boolean;
  saved?: boolean;
  onChange: (value: string | null) => void;
}

/** Roles highest first, without @everyone and integration roles; those the bot cannot assign are disabled. */
export function RoleSelect({ id, label, value, roles, guildId, assignable, botHighestRolePosition, saving, saved, onChange }: RoleSelectProps) {
  const choices = roles.filter((role) => isSelectableRole(role, guildId)).sort((a, b) => b.position - a.position);
  const selected = choices.find((role) => role.id === value);
  const colour = selected ? roleColour(selected.color) : null;
  const noneLabel = useNoneLabel();
  return (
    <FieldRow id={id} label={label} saving={saving} saved={saved}>
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          data-testid={`${id}-colour`}
          className={`h-4 w-4 shrink-0 rounded-full border ${colour ? 'border-transparent' : 'border-gray-400 dark:border-gray-600'}`}
          style={colour ? { backgroundColor: colour } : undefined}
        />
        <select id={id} className={INPUT_CLASS} value={value ?? ''} aria-busy={saving || undefined} onChange={(event) => onChange(event.target.value || null)}>
          <option value="">{noneLabel}</option>
          {value !== null && !selected && <option value={value}>{`Unknown role (${value})`}</option>}
          {choices.map((role) => {
            const above = assignable && !isAssignableRole(role, botHighestRolePosition);
            const optionColour = roleColour(role.color);
            return (
              <option key={role.id} value={role.id} disabled={above && role.id !== value} style={optionColour ? { color: optionColour } : undefined}>
                {`${role.name}${above ? ' (above the bot)' : ''}`}
              </option>
            );
          })}
        </select>
      </div>
    </FieldRow>
  );
}

interface TextSettingProps<T> {
  id: string;
  label: string;
  value: T;
  format: (value: T) => string;
  parse: (text: string) => T;
  saving: boolean;
  saved?: boolean;
  placeholder?: string;
  help?: string;
  inputMode?: 'numeric' | 'text';
  /** Why the typed value would be refused (null when it is fine): shown as the owner types, and nothing invalid is sent. */
  validate?: (value: T) => string | null;
  onSave: (value: T) => void;
  /** Drawn under the field's messages and help (the emoji picker, a message id's link back). */
  children?: ReactNode;
}

/**
 * The draft of a typed setting: saved on commit only when it changed and fits; a new stored value replaces it
 * unless the person has typed on since. `reset` puts the stored text back (Escape).
 */
export function useDraft<T>({
  id,
  value,
  format,
  parse,
  saving,
  validate,
  onSave,
}: Pick<TextSettingProps<T>, 'id' | 'value' | 'format' | 'parse' | 'saving' | 'validate' | 'onSave'>) {
  const stored = format(value);
  const [draft, setDraft] = useState(stored);
  const refusedValue = useContext(RefusedValue);
  const refusedText = refusedValue === null ? null : format(refusedValue.value as T);
  const lastSent = useRef(stored);
  const committedDraft = useRef<string | null>(null);
  const wasSaving = useRef(saving);
  // A new stored value replaces the draft during render (React's "adjusting state when a prop changes").
  const [shownStored, setShownStored] = useState(stored);
  if (stored !== shownStored) {
    setShownStored(stored);
    // A refused save's value leaves the stored view as it came: the refused text stays to be corrected.
    if (refusedText === null || draft !== refusedText) setDraft(stored);
  }
  useEffect(() => {
    lastSent.current = stored;
  }, [stored]);
  useEffect(() => {
    // A finished save shows what the server kept (a failed one: the old value), unless the person has
    // typed on since; this also covers an optimistic value and its revert landing in one render.
    if (wasSaving.current && !saving) {
      // Only a real change is queued: a no-op update left pending is replayed over a later stored value
      // (a live change from elsewhere) and would put this text back.
      if (draft === committedDraft.current && draft !== stored && draft !== refusedText) setDraft(stored);
      lastSent.current = stored;
    }
    wasSaving.current = saving;
  }, [saving, stored, draft, refusedText]);

  const problem = draft === stored || !validate ? null : validate(parse(draft));
  // The text the server just refused, still as typed: sending it again would only be refused again.
  const refused = refusedText !== null && draft === refusedText;

  const commit = () => {
    // The text stays as typed, with the problem under it; nothing the Worker would refuse is sent.
    if (problem !== null || refused) return;
    const next = parse(draft);
    const text = format(next);
    // The same value typed another way (spaces around it): nothing to save, and the field shows it as stored.
    if (text === stored) {
      setDraft(stored);
      return;
    }
    if (text === lastSent.current) return;
    lastSent.current = text;
    committedDraft.current = draft;
    onSave(next);
  };
  useSaveOnLeave(commit, draft !== stored && (problem !== null || refused));

  const describedBy = (...others: (string | false | undefined)[]) =>
    [problem !== null && `${id}-problem`, refused && `${id}-error`, ...others].filter(Boolean).join(' ') || undefined;
  return { draft, setDraft, problem, invalid: problem !== null || refused, describedBy, commit, reset: () => setDraft(stored) };
}

/** A text field that saves on blur or Enter, only when the value changed; Escape restores the stored text. */
export function TextSetting<T>({
  id,
  label,
  value,
  format,
  parse,
  saving,
  saved,
  placeholder,
  help,
  inputMode = 'text',
  validate,
  onSave,
  children,
}: TextSettingProps<T>) {
  const { draft, setDraft, problem, invalid, describedBy, commit, reset } = useDraft({ id, value, format, parse, saving, validate, onSave });
  const readOnly = useContext(ReadOnlyView);

  return (
    <FieldRow id={id} label={label} saving={saving} saved={saved} help={help} problem={problem} extra={children}>
      {readOnly ? (
        <ReadOnlyValue id={id} labelId={`${id}-label`} text={draft} />
      ) : (
        <input
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          className={INPUT_CLASS}
          value={draft}
          placeholder={placeholder}
          aria-describedby={describedBy(help && `${id}-help`)}
          aria-invalid={invalid || undefined}
          aria-busy={saving || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape') {
              reset();
            }
          }}
        />
      )}
    </FieldRow>
  );
}
