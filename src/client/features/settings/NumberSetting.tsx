import type { ControlProps } from './control-props';
import { TextSetting } from './TextSetting';

const format = (value: unknown) => (typeof value === 'number' ? String(value) : '');
// Digits become a number; anything else stays text, so the shared schema names the problem.
const parse = (text: string): unknown => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : text);

/** A whole number within the field's own bounds, typed (a spinner would step past a typo silently). */
export function NumberSetting({ id, spec, value, saving, saved, validate, onChange }: ControlProps<'integer'>) {
  // Number-sized: room for the largest bound's digits, not the width of the page.
  return (
    <div className="[&_input]:w-24 [&_input]:tabular-nums">
      <TextSetting<unknown>
        id={id}
        label={spec.label}
        saving={saving}
        saved={saved}
        value={value}
        format={format}
        parse={parse}
        inputMode="numeric"
        placeholder={String(spec.default)}
        help={spec.help ?? `A whole number from ${spec.min} to ${spec.max}.`}
        validate={validate}
        onSave={onChange}
      />
    </div>
  );
}
