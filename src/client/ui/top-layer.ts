/**
 * The open modal dialogs, innermost last, and the element the toasts live in. A modal <dialog> sits in the
 * top layer and makes everything outside it inert, so toasts outside would be hidden behind it and
 * unclickable: their element moves into the topmost open dialog, and back to the body when none is open.
 * Moved, not re-rendered, so toasts already showing stay.
 */
const openDialogs: HTMLDialogElement[] = [];
let toastHost: HTMLElement | null = null;

/** Marks the toasts' element, for code that makes the page behind a drawer inert. */
export const TOAST_HOST_ATTRIBUTE = 'data-toast-host';

function placeToastHost() {
  if (toastHost) (openDialogs.at(-1) ?? document.body).appendChild(toastHost);
}

export function dialogOpened(dialog: HTMLDialogElement) {
  openDialogs.push(dialog);
  placeToastHost();
}

export function dialogClosed(dialog: HTMLDialogElement) {
  openDialogs.splice(openDialogs.indexOf(dialog), 1);
  placeToastHost();
}

/** The toasts' element (browser only), created on first use. */
export function toastHostElement(): HTMLElement {
  if (!toastHost) {
    toastHost = document.createElement('div');
    toastHost.setAttribute(TOAST_HOST_ATTRIBUTE, '');
    placeToastHost();
  }
  return toastHost;
}
