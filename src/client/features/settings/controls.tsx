import { createContext, useContext, type ReactNode } from 'react';
import { Field, type FieldControlProps, type FieldProps } from '../../ui/Field';
import { fieldClass } from '../../ui/fields';

export { FOCUS } from '../../ui/focus';
/** A setting's field fills its row. */
export const INPUT_CLASS = `${fieldClass.regular} w-full`;
/** The look of a setting's messages under its control (styles.css). */
const SETTINGS_MESSAGES = { error: 'settings-problem', hint: 'settings-help' };

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

/**
 * What a switch whose `hint` is set does when turned on, given by the page around it: instead of being a
 * disabled switch, it takes the person to what is missing (`onBlocked`); `armed`: that was done, and the module
 * turns on once the fields are set. Without a provider, such a switch is disabled.
 */
export const SwitchIntent = createContext<{ armed: boolean; onBlocked: () => void } | null>(null);

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

/** The messages under a field's input: what is wrong with the typed value (`<id>-problem`), then how its last save ended. */
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

/**
 * A setting's labelled field (the UI kit's Field with the settings' look): the label with the save state beside it,
 * the control, what is wrong with the typed value (`<id>-problem`), how the last save ended, the help (`<id>-help`,
 * not for a reader) and `extra`. A control given as a function gets its id, description and validity from the row.
 */
export function FieldRow({
  id,
  label,
  saving,
  saved,
  children,
  help,
  problem = null,
  invalid = false,
  describedBy,
  extra,
}: {
  id: string;
  label: string;
  saving: boolean;
  saved?: boolean;
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
  help?: string | undefined;
  problem?: string | null;
  /** Invalid for a reason told elsewhere (the refusal SettingField draws, among `describedBy`). */
  invalid?: boolean;
  describedBy?: FieldProps['describedBy'];
  /** Drawn under the field's messages and help (a picker, a link back, a preview). */
  extra?: ReactNode;
}) {
  const readOnly = useContext(ReadOnlyView);
  const outcome = useContext(SaveOutcomeNote);
  return (
    <Field
      id={id}
      label={label}
      labelClassName="settings-label"
      labelAside={<SavingIndicator saving={saving} saved={saved} />}
      error={problem}
      invalid={invalid}
      describedBy={describedBy}
      note={outcome}
      hint={readOnly ? undefined : help}
      after={extra}
      look={SETTINGS_MESSAGES}
      messageIds={{ error: `${id}-problem`, hint: `${id}-help` }}
    >
      {typeof children === 'function' ? children : () => children}
    </Field>
  );
}
