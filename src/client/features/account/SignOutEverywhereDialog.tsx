import { Modal } from '../../ui/Modal';
import { buttonClass } from '../../ui/buttons';

export interface SignOutEverywhereDialogProps {
  onCancel: () => void;
  onConfirm: () => void;
}

/** One click must not end every session: the account menu asks first. */
export default function SignOutEverywhereDialog({ onCancel, onConfirm }: SignOutEverywhereDialogProps) {
  return (
    <Modal
      open
      onClose={onCancel}
      size="sm"
      title="Sign out everywhere?"
      description="Every browser where you are signed in, this one included, will be signed out. You can log in again with Discord."
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={buttonClass.danger} onClick={onConfirm}>
            Sign out everywhere
          </button>
        </>
      }
    />
  );
}
