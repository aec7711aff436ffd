import { useState, type ReactNode } from 'react';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';

export interface ConfirmRequest {
  title: string;
  description: ReactNode;
  confirmLabel: string;
}

interface Pending extends ConfirmRequest {
  resolve: (proceed: boolean) => void;
}

/** A second confirmation as a promise: `await confirm({...})` is true only when the admin goes ahead. */
export function useConfirmDialog() {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = (request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...request, resolve }));
  const answer = (proceed: boolean) => {
    pending?.resolve(proceed);
    setPending(null);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      onClose={() => answer(false)}
      size="sm"
      title={pending?.title ?? ''}
      description={pending?.description}
      footer={<DialogActions cancel={{ onClick: () => answer(false) }} primary={{ label: pending?.confirmLabel ?? '', onClick: () => answer(true) }} />}
    />
  );

  return { confirm, dialog };
}
