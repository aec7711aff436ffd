import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// happy-dom has no close requests: like a browser, Escape asks the topmost modal <dialog> to cancel, and closes
// it unless the page refuses (src/client/ui/Modal.tsx).
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = [...document.querySelectorAll('dialog[open]')].at(-1);
  if (!(top instanceof HTMLDialogElement)) return;
  if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
