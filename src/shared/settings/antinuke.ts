/**
 * Anti-Nuke's bounds. A nuke (a stolen account or a rogue bot) bans, kicks or deletes dozens of things in a few
 * seconds, while a moderator clearing a raid takes a few actions a minute: five in thirty seconds tells them apart by
 * default. One action alone never triggers it (a single ban is ordinary moderation), and past fifty actions or ten
 * minutes the damage is done before it would act.
 */
export const ANTINUKE_THRESHOLD = { min: 2, max: 50, default: 5 } as const;
export const ANTINUKE_WINDOW_SECONDS = { min: 5, max: 600, default: 30 } as const;
/** Trusted roles one server may list; a server has at most 250 roles. */
export const MAX_TRUSTED_ROLES = 50;
