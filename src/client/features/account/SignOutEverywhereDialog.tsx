import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';

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
      footer={<DialogActions cancel={{ onClick: onCancel }} primary={{ label: 'Sign out everywhere', danger: true, onClick: onConfirm }} />}
    />
  );
}
