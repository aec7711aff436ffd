import { buttonClass } from './buttons';

/**
 * The row of a dialog's buttons: side by side at the right on a wide screen, the main action last; stacked
 * full-width on a phone, the main action on top, where the thumb is.
 */
export const dialogActionsRowClass = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';

export interface DialogAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

interface DialogActionsProps {
  /** The way out without doing anything (Cancel, Back, Close, Done); 'Cancel' unless named. */
  cancel: Omit<DialogAction, 'label'> & { label?: string };
  /** What the dialog is for; a dialog that only shows something has none. */
  primary?: DialogAction & {
    /** A red button for what cannot be undone (delete, sign out everywhere). */
    danger?: boolean;
  };
}

/** A dialog's footer (Modal's `footer`): the way out, then the dialog's action, in the same order and look everywhere. */
export function DialogActions({ cancel, primary }: DialogActionsProps) {
  return (
    <div className={dialogActionsRowClass}>
      <button type="button" className={buttonClass.secondary} onClick={cancel.onClick} disabled={cancel.disabled}>
        {cancel.label ?? 'Cancel'}
      </button>
      {primary && (
        <button type="button" className={primary.danger ? buttonClass.danger : buttonClass.primary} onClick={primary.onClick} disabled={primary.disabled}>
          {primary.label}
        </button>
      )}
    </div>
  );
}
