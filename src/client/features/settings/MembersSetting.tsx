import { useCallback, useContext, useState } from 'react';
import { apiKey, type ApiKey } from '../../../shared/api-keys';
import type { MemberMatch, MemberSearchResponse, StoredMembersResponse } from '../../../shared/member-search';
import { parseIdList } from '../../../shared/settings/index';
import { readJson } from '../../api';
import { useApi } from '../../hooks/useApi';
import { MISSING_MEMBER } from './change-text';
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

/** A stored member the server says is not in it: no avatar of theirs to show. */
const missingMember = (userId: string): PickerOption => ({
  id: userId,
  label: `${MISSING_MEMBER.charAt(0).toUpperCase()}${MISSING_MEMBER.slice(1)}`,
  detail: `User ID ${userId}`,
  name: `${MISSING_MEMBER} (user ID ${userId})`,
  mark: (
    <span
      aria-hidden="true"
      className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full border border-dashed border-gray-400 text-[10px] font-bold text-gray-500 dark:border-gray-500 dark:text-gray-400"
    >
      ?
    </span>
  ),
});

/**
 * The stored members by name, asked again while some are not read yet (the server reads a few at a time, within
 * Discord's limits). The key names the stored ids, so a changed list is asked about; the server reads the ids it holds.
 */
function useStoredMembers(serverID: string, picked: readonly string[]) {
  const key = picked.length === 0 ? null : (`${apiKey('/server-members/stored', { serverID })}#${picked.join(',')}` as ApiKey<StoredMembersResponse>);
  const { data } = useApi(key, {
    refreshInterval: (latest) => (latest !== undefined && latest.pending.length > 0 ? (latest.retryAfter ?? 2) * 1000 : 0),
    revalidateOnFocus: false,
    // The asks again come when the server says, not SWR's two seconds of deduping later.
    dedupingInterval: 0,
    // A list changed in this visit keeps the names known so far while the new answer comes.
    keepPreviousData: true,
  });
  return data;
}

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
  const save = (next: string[]) => {
    const refused = validate(next);
    setProblem(refused);
    if (refused === null) onChange(next);
    return refused === null;
  };
  const chips = picked.map((userId) => {
    const member = known.get(userId) ?? stored?.members.find((candidate) => candidate.id === userId);
    if (member) return memberOption(member);
    return stored?.absent.includes(userId) === true ? missingMember(userId) : { id: userId, label: userId, detail: 'User ID' };
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
