import { useContext } from 'react';
import { colourHex, parseColourHex } from '../../../shared/settings/colour';
import { FieldRow, INPUT_CLASS, ReadOnlyView } from './controls';
import { useDraft } from './TextSetting';
import type { ControlProps } from './control-props';
import { onLeaveGroup } from './useSaveOnLeave';

const format = (value: unknown) => (typeof value === 'number' ? colourHex(value) : '');
// A colour becomes its number; anything else stays text, so the shared schema names the problem.
const parse = (text: string): unknown => parseColourHex(text) ?? text;

/** A colour, picked from the browser's palette or typed as hex; saved when focus leaves the two, or on Enter. */
export function ColourSetting({ id, spec, value, saving, saved, validate, onChange }: ControlProps<'colour'>) {
  const { draft, setDraft, problem, invalid, describedBy, commit, reset } = useDraft<unknown>({ id, value, format, parse, saving, validate, onSave: onChange });
  const readOnly = useContext(ReadOnlyView);
  const swatch = parseColourHex(draft);
  return (
    <FieldRow id={id} label={spec.label} saving={saving} saved={saved} problem={problem} help={readOnly ? undefined : spec.help}>
      <div className="flex items-center gap-2" onBlur={onLeaveGroup(commit)}>
        <input
          type="color"
          aria-label={`Pick the ${spec.label.toLowerCase()}`}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-lg border border-gray-300 bg-transparent p-0.5 dark:border-gray-700"
          value={swatch === null ? colourHex(spec.default).toLowerCase() : colourHex(swatch).toLowerCase()}
          onChange={(event) => setDraft(event.target.value.toUpperCase())}
        />
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          className={`${INPUT_CLASS} font-mono`}
          value={draft}
          readOnly={readOnly}
          aria-describedby={describedBy()}
          aria-invalid={invalid || undefined}
          aria-busy={saving || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            } else if (event.key === 'Escape') reset();
          }}
        />
      </div>
    </FieldRow>
  );
}
