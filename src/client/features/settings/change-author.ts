/** Who made a change, as a settings page names them: the same in its live notices, its conflict notes and its history's. */

/** The page's own user, who changed it elsewhere (another tab or device). */
export const OWN_CHANGE_AUTHOR = 'You (in another tab)';

/** The author's name, or OWN_CHANGE_AUTHOR when it is the page's user; 'Someone' when not known. */
export const changeAuthor = (authorId: string | null, name: string | null, userId: string | null): string =>
  authorId !== null && authorId === userId ? OWN_CHANGE_AUTHOR : (name ?? 'Someone');
