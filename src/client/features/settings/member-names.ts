/**
 * Members as the settings page names them, from the server's answer of its stored members: by name, or one not in
 * the server told apart from another by the end of their ids, or by id while not read yet.
 */
import type { StoredMembersResponse } from '../../../shared/member-search';

/** What the server said of the members: those in the server, and the ids of those not in it. */
export type KnownMembers = Pick<StoredMembersResponse, 'members' | 'absent'>;

/** A stored member who is not in the server (they left, or the pasted id was never theirs). */
export const MISSING_MEMBER = 'a member not in this server';
const MISSING_MEMBERS = 'members not in this server';

/** Digits of an id's end shown at least: two ids rarely share their last four, and a longer end reads as an id again. */
export const ID_END_DIGITS = 4;

/** The shortest ends of these ids, at least ID_END_DIGITS long, that no two of them share. */
export function idEnds(ids: readonly string[]): Map<string, string> {
  const distinct = [...new Set(ids)];
  let length = ID_END_DIGITS;
  while (new Set(distinct.map((id) => id.slice(-length))).size < distinct.length) length += 1;
  return new Map(distinct.map((id) => [id, id.slice(-length)]));
}

/** An id's end as text: '…58899', never broken across lines after its ellipsis. */
const endText = (end: string) => `…\u2060${end}`;

/**
 * A list of member ids as a list of changes reads it: names first, then those not in the server as one phrase with
 * the end of each id ('2 members not in this server (IDs …58899, …68899)'), then the ids the server has not named.
 */
export function membersText(ids: readonly string[], known: KnownMembers | undefined): string {
  const nameOf = (id: string) => known?.members.find((member) => member.id === id)?.name;
  const isAbsent = (id: string) => known?.absent.includes(id) === true;
  const ends = idEnds(known?.absent ?? []);
  const names = ids.flatMap((id) => nameOf(id) ?? []);
  const absent = ids.filter(isAbsent).map((id) => endText(ends.get(id) ?? id));
  const unread = ids.filter((id) => nameOf(id) === undefined && !isAbsent(id));
  const gone =
    absent.length === 0
      ? []
      : [absent.length === 1 ? `${MISSING_MEMBER} (ID ${absent.join('')})` : `${absent.length} ${MISSING_MEMBERS} (IDs ${absent.join(', ')})`];
  return [...names, ...gone, ...unread].join(', ');
}
