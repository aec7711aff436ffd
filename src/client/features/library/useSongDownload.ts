import { useCallback } from 'react';
import { TOAST_DURATION_MS, TOAST_SUCCESS_MS } from '../../../shared/constants';
import { libraryToast, type Toast } from './library-toasts';

/** Hands a finished download to the browser's own "save" flow. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  clickDownloadLink(url, fileName);
  // Revoking at once can cancel the save in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function clickDownloadLink(href: string, fileName: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

async function serverMessage(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : undefined;
}

/** A pass-through that reports progress and fails a stream that ends before Content-Length. */
function progressStream(total: number, onProgress: (received: number) => void): TransformStream<Uint8Array, Uint8Array> {
  let received = 0;
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      onProgress(received);
      controller.enqueue(chunk);
    },
    flush() {
      // A stream that ended early is a failed download, never a silently short file.
      if (total && received !== total) throw new Error(`Received ${received} of ${total} bytes`);
    },
  });
}

/** 'Downloading name... 42%' at most once per whole percent. */
function progressToast(toast: Toast, id: string | number, name: string, total: number) {
  let shown = -1;
  toast.loading(total ? `Downloading ${name}... 0%` : `Downloading ${name}...`, { id });
  return (received: number) => {
    if (!total) return;
    const percent = Math.min(100, Math.floor((received / total) * 100));
    if (percent === shown) return;
    shown = percent;
    toast.loading(`Downloading ${name}... ${percent}%`, { id });
  };
}

/**
 * Fetches a file into memory with toasts per SPEC sections 8 and 9: 'Preparing … for download...'
 * until the answer starts, 'Downloading …...' with a percentage from Content-Length, then success (2 s)
 * or failure (4 s, with the server's reason when it gave one). For songs: they are small.
 */
export async function downloadWithToasts(url: string, name: string, fileName: string): Promise<boolean> {
  const toast = await libraryToast();
  const id = toast.loading(`Preparing ${name} for download...`);
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok || !response.body) {
      const reason = await serverMessage(response);
      toast.error(`Failed to download ${name}`, { id, duration: TOAST_DURATION_MS, description: reason });
      return false;
    }
    const total = Number(response.headers.get('Content-Length')) || 0;
    const chunks: Uint8Array[] = [];
    const sink = new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(chunk) });
    await response.body.pipeThrough(progressStream(total, progressToast(toast, id, name, total))).pipeTo(sink);
    saveBlob(new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }), fileName);
    toast.success(`Downloaded ${name} successfully`, { id, duration: TOAST_SUCCESS_MS });
    return true;
  } catch (error) {
    console.error(error);
    toast.error(`Failed to download ${name}`, { id, duration: TOAST_DURATION_MS });
    return false;
  }
}

interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}
interface SavableHandle {
  createWritable: () => Promise<WritableStream<Uint8Array>>;
  /** Chromium only: removes the file the picker created. */
  remove?: () => Promise<void>;
}
type SaveFilePicker = (options: SaveFilePickerOptions) => Promise<SavableHandle>;

const savePicker = (): SaveFilePicker | undefined =>
  typeof window !== 'undefined' && 'showSaveFilePicker' in window
    ? (window as unknown as { showSaveFilePicker: SaveFilePicker }).showSaveFilePicker
    : undefined;

/**
 * A folder zip (up to 1 GiB) never sits in memory: where the File System Access API exists the response
 * streams into the file the listener picks, with the spec's toasts; elsewhere the browser's own download
 * takes the URL (its progress bar comes from the exact Content-Length) and a toast says it started.
 * Call it from a click: the picker needs the user's gesture.
 */
export async function streamToDisk(url: string, name: string, fileName: string): Promise<boolean> {
  const browserDownload = () => {
    clickDownloadLink(url, fileName);
    void libraryToast().then((toast) => toast(`Downloading ${name}...`, { description: 'Your browser shows the progress.', duration: TOAST_DURATION_MS }));
    return true;
  };
  const picker = savePicker();
  if (!picker) return browserDownload();
  let handle: SavableHandle;
  try {
    handle = await picker({ suggestedName: fileName, types: [{ description: 'Zip archive', accept: { 'application/zip': ['.zip'] } }] });
  } catch (error) {
    // Cancelling the save dialog is not a failure; a picker the page may not use (a frame, a policy) leaves the browser's download.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') return false;
    console.error(error);
    return browserDownload();
  }
  const toast = await libraryToast();
  const id = toast.loading(`Preparing ${name} for download...`);
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok || !response.body) {
      const reason = await serverMessage(response);
      await handle.remove?.().catch(() => undefined);
      toast.error(`Failed to download ${name}`, { id, duration: TOAST_DURATION_MS, description: reason });
      return false;
    }
    const total = Number(response.headers.get('Content-Length')) || 0;
    // pipeTo closes the file on success and aborts it (nothing is written) when the stream fails.
    await response.body.pipeThrough(progressStream(total, progressToast(toast, id, name, total))).pipeTo(await handle.createWritable());
    toast.success(`Downloaded ${name} successfully`, { id, duration: TOAST_SUCCESS_MS });
    return true;
  } catch (error) {
    console.error(error);
    await handle.remove?.().catch(() => undefined);
    toast.error(`Failed to download ${name}`, { id, duration: TOAST_DURATION_MS });
    return false;
  }
}

export function useSongDownload() {
  return useCallback((url: string, name: string, fileName: string = name) => downloadWithToasts(url, name, fileName), []);
}

export function useFolderDownload() {
  return useCallback((url: string, name: string, fileName: string) => streamToDisk(url, name, fileName), []);
}
