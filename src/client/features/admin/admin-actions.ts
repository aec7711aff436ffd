import { toast } from '../../ui/toast';
import type { useConfirmDialog } from './useConfirmDialog';

/** Asks, when the bot is not in the server, whether to license it anyway. */
export type ConfirmServer = (serverID: string) => Promise<boolean>;
export type Confirm = ReturnType<typeof useConfirmDialog>['confirm'];

/** A failure no field owns: logged, and told in a toast. */
export function failed(action: string, error: unknown) {
  console.error(`${action} failed`, error);
  toast.error(error instanceof Error ? error.message : `${action} failed.`);
}

/** A delete's toast stays long enough to reach its Undo (a success toast's 2 s would not); the Worker keeps the entry 10 minutes. */
export const UNDO_TOAST_MS = 10_000;
