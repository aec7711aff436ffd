/**
 * The tab id of a settings page: made by the Worker when the page's socket opens, for that session and guild,
 * and counted on a write only when it checks out against the writer's own session. A page drops the events of
 * its own tab, so an id anyone could choose would let a writer silence someone else's page; this one is a
 * random id with an HMAC (key derived from SESSION_SECRET), which only the Worker can make.
 */
import { fromBase64Url, toBase64Url } from '../../shared/base64url';
import { deriveHmacKey, KEY_PURPOSES } from '../crypto/keys';

/** Whose page the tab is: the session that opened the socket, on which guild. */
export interface TabOwner {
  sessionId: string;
  guildId: string;
}

const ID_BYTES = 16;
/** The id and a SHA-256 HMAC: 48 bytes, 64 base64url characters. */
const TAB_PATTERN = /^[A-Za-z0-9_-]{64}$/;

const encoder = new TextEncoder();
const hmacKey = (secret: string) => deriveHmacKey(secret, KEY_PURPOSES.liveTab);
const message = (owner: TabOwner, id: string) => encoder.encode(`${owner.sessionId}\n${owner.guildId}\n${id}`);

export async function mintLiveTab(secret: string, owner: TabOwner): Promise<string> {
  const idBytes = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), message(owner, toBase64Url(idBytes))));
  const tab = new Uint8Array(ID_BYTES + signature.length);
  tab.set(idBytes);
  tab.set(signature, ID_BYTES);
  return toBase64Url(tab);
}

/** The tab if it was made for this session and guild (constant-time, crypto.subtle.verify), else null. */
export async function verifiedLiveTab(secret: string, owner: TabOwner, tab: string | undefined): Promise<string | null> {
  if (tab === undefined || !TAB_PATTERN.test(tab)) return null;
  const bytes = fromBase64Url(tab);
  const id = toBase64Url(bytes.subarray(0, ID_BYTES));
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), bytes.subarray(ID_BYTES), message(owner, id));
  return valid ? tab : null;
}
