import { useContext, useEffect, useRef, useState } from 'react';
import { MAX_REACTION_PAIRS, repeatedEmoji, type ReactionPair } from '../../../shared/settings/reaction-pairs';
import { FieldMessages, FOCUS, ReadOnlyView, SaveOutcomeNote, GroupLabelRow } from './controls';
import { RoleSelect } from './ReferenceSelects';
import type { ControlProps } from './control-props';
import { EmojiChooser } from './emoji/EmojiChooser';
import { ServerEmoji } from './emoji/ServerEmoji';
import { EmojiSetting } from './EmojiSetting';
import { CHECKS_PENDING, useSettingsChecks } from './settings-checks';

const pairsOf = (value: unknown): ReactionPair[] => (Array.isArray(value) ? (value as ReactionPair[]) : []);

const ROW = 'flex items-center gap-2 sm:gap-3';

const button = `inline-flex min-h-9 items-center justify-center rounded-lg px-3 text-sm font-semibold ${FOCUS}`;

/**
 * Reaction Role's pairs after the first (the first is the module's own Emoji name and Role): each row an emoji (its
 * button opens the emoji picker to change it in place) and the role it gives, removable; a new pair is drawn first and
 * added once both are chosen.
 */
export function ReactionPairsSetting({ id, section, spec, value, data, saving, saved, validate, onChange }: ControlProps<'reactionPairs'>) {
  const pairs = pairsOf(value);
  const readOnly = useContext(ReadOnlyView);
  const [draft, setDraft] = useState<{ emojiName: string | null; roleID: string | null }>({ emojiName: null, roleID: null });
  const [problem, setProblem] = useState<string | null>(null);
  const checks = useSettingsChecks();
  const module = data[section] as Record<string, unknown>;
  const firstEmoji = typeof module.emojiName === 'string' ? module.emojiName : null;
  const total = pairs.length + (firstEmoji === null ? 0 : 1);
  const full = pairs.length >= spec.max;

  // A change made before the checks have loaded waits for them.
  const held = useRef<ReactionPair[] | null>(null);
  const save = (next: ReactionPair[]) => {
    const refused = validate(next);
    if (refused === CHECKS_PENDING) {
      held.current = next;
      return false;
    }
    setProblem(refused);
    if (refused === null) onChange(next);
    return refused === null;
  };
  useEffect(() => {
    if (held.current === null || validate(held.current) === CHECKS_PENDING) return;
    const next = held.current;
    held.current = null;
    save(next);
  });
  const add = () => {
    const { emojiName, roleID } = draft;
    if (emojiName === null || roleID === null) return;
    if (repeatedEmoji([...(firstEmoji === null ? [] : [firstEmoji]), ...pairs.map((pair) => pair.emojiName), emojiName]) !== null) {
      setProblem(`Each emoji can give one role: ${emojiName} is already in a pair.`);
      return;
    }
    if (save([...pairs, { emojiName, roleID }])) setDraft({ emojiName: null, roleID: null });
  };
  const emojiOf = (name: string) => data.emojis.find((emoji) => emoji.name === name);
  /** A pair's emoji changed in place: the duplicate rule holds against the first pair and every other pair. */
  const changeEmoji = (index: number, emojiName: string) => {
    const others = pairs.filter((_, at) => at !== index).map((pair) => pair.emojiName);
    if (repeatedEmoji([...(firstEmoji === null ? [] : [firstEmoji]), ...others, emojiName]) !== null) {
      setProblem(`Each emoji can give one role: ${emojiName} is already in a pair.`);
      return;
    }
    save(pairs.map((pair, at) => (at === index ? { ...pair, emojiName } : pair)));
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-busy={saving || undefined}>
      <GroupLabelRow id={id} label={spec.label} saving={saving} saved={saved}>
        <span className="text-xs text-gray-600 dark:text-gray-400">{`${total} of ${MAX_REACTION_PAIRS} pairs`}</span>
      </GroupLabelRow>
      {pairs.length > 0 && (
        <ul className="mb-3 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-700 dark:border-gray-700" aria-label={spec.label}>
          {pairs.map((pair, index) => {
            const serverEmoji = emojiOf(pair.emojiName);
            const face = serverEmoji ? <ServerEmoji emoji={serverEmoji} /> : pair.emojiName;
            const rest = (
              <>
                <span aria-hidden="true" className="text-gray-500">
                  →
                </span>
                {/* The row says which emoji; the select keeps its label for screen readers only. */}
                <div className="min-w-0 flex-1 [&_.settings-label-row]:sr-only">
                  <RoleSelect
                    id={`${id}-${index}-role`}
                    label={`Role for ${pair.emojiName}`}
                    saving={false}
                    value={pair.roleID}
                    roles={data.roles}
                    guildId={data.id}
                    assignable
                    botHighestRolePosition={data.botHighestRolePosition}
                    onChange={(roleID) => roleID !== null && save(pairs.map((other, at) => (at === index ? { ...other, roleID } : other)))}
                  />
                </div>
                {!readOnly && (
                  <button
                    type="button"
                    aria-label={`Remove the pair ${pair.emojiName}`}
                    className={`${button} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950`}
                    onClick={() => save(pairs.filter((_, at) => at !== index))}
                  >
                    Remove
                  </button>
                )}
              </>
            );
            // Keyed by place, not emoji: a pair whose emoji changes stays the same row, its button keeping the focus.
            return (
              <li key={index} className="p-2">
                {readOnly ? (
                  <div className={ROW}>
                    <span
                      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-lg dark:bg-gray-800"
                      title={pair.emojiName}
                    >
                      {face}
                    </span>
                    {rest}
                  </div>
                ) : (
                  <EmojiChooser
                    serverEmojis={data.emojis}
                    value={pair.emojiName}
                    onPick={(next) => next !== pair.emojiName && changeEmoji(index, next)}
                    face={{ content: face, label: `Change the emoji ${pair.emojiName}` }}
                    rowClassName={ROW}
                  >
                    {rest}
                  </EmojiChooser>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly &&
        (full ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{`This message has all ${MAX_REACTION_PAIRS} pairs Discord allows: remove one to add another.`}</p>
        ) : (
          <div className="rounded-lg border border-dashed border-gray-300 p-3 dark:border-gray-600">
            <p className="mb-2 text-xs font-semibold text-gray-600 dark:text-gray-400">Add a pair</p>
            {/* The field's save outcome shows once, under the whole list, not again under the new pair's controls. */}
            <SaveOutcomeNote value={null}>
              <div className="grid gap-3 sm:grid-cols-2">
                <EmojiSetting
                  id={`${id}-new-emoji`}
                  section={section}
                  spec={{ kind: 'emoji', label: 'Emoji', placeholder: 'e.g. 🎮 or pepe' }}
                  value={draft.emojiName}
                  data={data}
                  saving={false}
                  saved={false}
                  validate={(candidate) => (checks ? checks.inputProblem(section, 'emojiName', candidate) : CHECKS_PENDING)}
                  onChange={(emojiName) => setDraft({ ...draft, emojiName: typeof emojiName === 'string' ? emojiName : null })}
                />
                <RoleSelect
                  id={`${id}-new-role`}
                  label="Role it gives"
                  saving={false}
                  value={draft.roleID}
                  roles={data.roles}
                  guildId={data.id}
                  assignable
                  botHighestRolePosition={data.botHighestRolePosition}
                  onChange={(roleID) => setDraft({ ...draft, roleID })}
                />
              </div>
            </SaveOutcomeNote>
            <button
              type="button"
              className={`${button} mt-3 bg-indigo-600 text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50`}
              disabled={draft.emojiName === null || draft.roleID === null}
              onClick={add}
            >
              Add pair
            </button>
          </div>
        ))}
      <FieldMessages id={id} problem={problem} />
      {spec.help && !readOnly && (
        <p id={`${id}-help`} className="settings-help">
          {spec.help}
        </p>
      )}
    </div>
  );
}
