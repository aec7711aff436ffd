import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { apiKey } from '../../../shared/api-keys';
import type { MemberMatch, MemberSearchResponse } from '../../../shared/member-search';
import { parseIdList } from '../../../shared/settings/inputs';
import { readJson } from '../../api';
import { CHECKS_PENDING } from './settings-checks';
import { idEnds, MISSING_MEMBER } from './member-names';
import { useStoredMembers } from './useStoredMembers';
import { FieldMessages, ReadOnlyView, GroupLabelRow } from './controls';
import type { ControlProps } from './control-props';
import { PickedChips, SearchPicker, type PickerOption } from './SearchPicker';

/** Typing pauses this long before the server is asked, so a name typed quickly is one search. */
const TYPING_PAUSE_MS = 250;

const stringList = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function Avatar({ member }: { member: MemberMatch }) {
  if (member.avatarUrl === null) {
    return (
      <span aria-hidden="true" className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-[10px] font-bold text-white">
        {member.name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return <img src={member.avatarUrl} alt="" width={20} height={20} className="h-5 w-5 shrink-0 rounded-full" loading="lazy" />;
}

const memberOption = (member: MemberMatch): PickerOption => ({
  id: member.id,
  label: member.name,
  detail: member.bot ? `@${member.username} · bot` : `@${member.username}`,
  mark: <Avatar member={member} />,
});

/**
 * A stored member the server says is not in it: no avatar of theirs to show, and the end of their id (`end`) on
 * screen, so two of them read apart; the whole id in the tooltip and the Remove button's name.
 */
const missingMember = (userId: string, end: string): PickerOption => ({
  id: userId,
  label: `${MISSING_MEMBER.charAt(0).toUpperCase()}${MISSING_MEMBER.slice(1)}`,
  detail: `User ID ${userId}`,
  name: `${MISSING_MEMBER} (user ID ${userId})`,
  tag: (
    <>
      <span className="sr-only">, user ID ending </span>
      <span aria-hidden="true">…</span>
      {end}
    </>
  ),
  mark: (
    <span
      aria-hidden="true"
      className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full border border-dashed border-gray-400 text-[10px] font-bold text-gray-500 dark:border-gray-500 dark:text-gray-400"
    >
      ?
    </span>
  ),
});

const pause = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, TYPING_PAUSE_MS);
    signal.addEventListener('abort', () => clearTimeout(timer));
  });

/**
 * Members picked by name, searched through the bot (Anti-Nuke's trusted members); ids pasted and entered are taken
 * as they are. A member shows by name: found in this visit's search, or read by the server from the stored ids on
 * any visit; one not in the server says so, and one not read yet shows by id.
 */
export function MembersSetting({ id, spec, value, data, saving, saved, validate, onChange }: ControlProps<'userIds'>) {
  const picked = stringList(value);
  const readOnly = useContext(ReadOnlyView);
  const [known, setKnown] = useState<ReadonlyMap<string, MemberMatch>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const stored = useStoredMembers(data.id, picked);
  const search = useCallback(
    async (text: string, signal: AbortSignal) => {
      const query = text.trim();
      if (query === '') return [];
      await pause(signal);
      if (signal.aborted) return [];
      const response = await fetch(apiKey('/server-members', { serverID: data.id, query }), { credentials: 'same-origin', signal });
      const { members } = await readJson<MemberSearchResponse>(response);
      setKnown((before) => new Map([...before, ...members.map((member) => [member.id, member] as const)]));
      return members.map(memberOption);
    },
    [data.id],
  );
  // A change made before the checks have loaded waits for them; the typed text stays until then.
  const held = useRef<string[] | null>(null);
  const save = (next: string[]) => {
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
  const ends = idEnds(stored?.absent ?? []);
  const chips = picked.map((userId) => {
    const member = known.get(userId) ?? stored?.members.find((candidate) => candidate.id === userId);
    if (member) return memberOption(member);
    const end = stored?.absent.includes(userId) === true ? ends.get(userId) : undefined;
    return end === undefined ? { id: userId, label: userId, detail: 'User ID' } : missingMember(userId, end);
  });
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <GroupLabelRow id={id} label={spec.label} saving={saving} saved={saved} />
      <PickedChips label={spec.label} items={chips} readOnly={readOnly} onRemove={(removed) => save(picked.filter((userId) => userId !== removed))} />
      {readOnly ? (
        picked.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-400">None</p>
      ) : (
        <SearchPicker
          id={id}
          label={`Search members to add to ${spec.label.toLowerCase()}`}
          placeholder={spec.placeholder}
          describedBy={[problem === null ? '' : `${id}-problem`, spec.help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined}
          emptyText="No member matches. Paste user IDs and press Enter to add them."
          search={search}
          exclude={picked}
          invalid={problem !== null}
          onTextChange={() => setProblem(null)}
          onPick={(option) => save([...picked, option.id])}
          onEnterText={(text) => parseIdList(text).length > 0 && save([...picked, ...parseIdList(text)])}
        />
      )}
      <FieldMessages id={id} problem={problem} />
      {spec.help && !readOnly && (
        <p id={`${id}-help`} className="settings-help">
          {spec.help}
        </p>
      )}
    </div>
  );
}
