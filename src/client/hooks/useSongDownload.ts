import { useCallback } from 'react';
import { toast } from 'sonner';
import { TOAST_DURATION_MS, TOAST_SUCCESS_MS } from '../../shared/constants';

/** Hands a finished download to the browser's own "save" flow. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the save in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function serverMessage(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : undefined;
}

/**
 * Fetches a file or a folder zip with toasts per SPEC sections 8 and 9: 'Preparing … for download...'
 * until the answer starts, 'Downloading …...' with a percentage from Content-Length, then success (2 s)
 * or failure (4 s, with the server's reason when it gave one).
 */
export async function downloadWithToasts(url: string, name: string, fileName: string): Promise<boolean> {
  const id = toast.loading(`Preparing ${name} for download...`);
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok || !response.body) {
      const reason = await serverMessage(response);
      toast.error(`Failed to download ${name}`, { id, duration: TOAST_DURATION_MS, description: reason });
      return false;
    }
    const total = Number(response.headers.get('Content-Length')) || 0;
    const reader = response.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    let shownPercent = -1;
    toast.loading(total ? `Downloading ${name}... 0%` : `Downloading ${name}...`, { id });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      const percent = total ? Math.min(100, Math.floor((received / total) * 100)) : -1;
      if (percent !== shownPercent) {
        shownPercent = percent;
        toast.loading(`Downloading ${name}... ${percent}%`, { id });
      }
    }
    // A stream that ended early is a failed download, never a silently short file.
    if (total && received !== total) throw new Error(`Received ${received} of ${total} bytes`);
    saveBlob(new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }), fileName);
    toast.success(`Downloaded ${name} successfully`, { id, duration: TOAST_SUCCESS_MS });
    return true;
  } catch (error) {
    console.error(error);
    toast.error(`Failed to download ${name}`, { id, duration: TOAST_DURATION_MS });
    return false;
  }
}

export function useSongDownload() {
  return useCallback((url: string, name: string, fileName: string = name) => downloadWithToasts(url, name, fileName), []);
}
