/**
 * Members as the settings page names them, from the server's answer of its stored members: by name, or one not in
 * the server told apart from another by the end of their ids, or by id while not read yet.
 */
import type { StoredMembersResponse } from '../../../shared/member-search';

/** What the server said of the members: those in the server, and the ids of those not in it. */
export type KnownMembers = Pick<StoredMembersResponse, 'members' | 'absent'>;

/** A stored member who is not in the server (they left, or the pasted id was never theirs). */
export const MISSING_MEMBER = 'a member not in this server';

/** Digits of an id's end shown at least: two ids rarely share their last four, and a longer end reads as an id again. */
export const ID_END_DIGITS = 4;

/** The shortest ends of these ids, at least ID_END_DIGITS long, that no two of them share. */
export function idEnds(ids: readonly string[]): Map<string, string> {
  const distinct = [...new Set(ids)];
  let length = ID_END_DIGITS;
  while (new Set(distinct.map((id) => id.slice(-length))).size < distinct.length) length += 1;
  return new Map(distinct.map((id) => [id, id.slice(-length)]));
}

/** One member id as a list of changes reads it: their name, 'a member not in this server (ID …8899)', or the id. */
export function memberText(id: string, known: KnownMembers | undefined): string {
  const member = known?.members.find((candidate) => candidate.id === id);
  if (member) return member.name;
  const end = known?.absent.includes(id) === true ? idEnds(known.absent).get(id) : undefined;
  return end === undefined ? id : `${MISSING_MEMBER} (ID …${end})`;
}
