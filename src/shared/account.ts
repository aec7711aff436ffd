/** Who is signed in, as the header and the pages see them. */

export interface SessionUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export type CheckAuthResponse = { authenticated: false } | { authenticated: true; user: SessionUser; isAdmin: boolean };
