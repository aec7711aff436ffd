import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../../src/client/ui/Modal';

function Harness({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Outer dialog"
        description="Something to read"
        footer={<button type="button">Footer action</button>}
      >
        <input aria-label="Name" />
        {nested && (
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
        )}
        <Modal open={inner} onClose={() => setInner(false)} title="Inner dialog">
          <button type="button">Inner action</button>
        </Modal>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('is a labelled, described native dialog opened as a modal, and focuses its first control', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Outer dialog' });
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Something to read');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close dialog' }));
  });

  it('traps Tab and Shift+Tab inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const footer = screen.getByRole('button', { name: 'Footer action' });
    expect(document.activeElement).toBe(close);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(footer);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(footer);
  });

  // The browser turns Escape (or a phone's back gesture) into `cancel`: tests/e2e/dialog.spec.ts presses the key.
  it('closes on cancel, without letting the browser close it under React, and returns focus to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const cancel = new Event('cancel', { cancelable: true });
    act(() => void screen.getByRole('dialog').dispatchEvent(cancel));
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('follows a close the browser makes on its own', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    act(() => screen.getByRole<HTMLDialogElement>('dialog').close());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on the close button and on a backdrop click, not on a click inside', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    // The dialog fills the window around its panel: a click on the dialog itself is one beside the panel.
    await userEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stacks: cancel closes only the top dialog and focus returns into the one below', async () => {
    render(<Harness nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const openInner = screen.getByRole('button', { name: 'Open inner' });
    await userEvent.click(openInner);
    act(() => void screen.getByRole('dialog', { name: 'Inner dialog' }).dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(screen.queryByRole('dialog', { name: 'Inner dialog' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer dialog' })).toBeTruthy();
    expect(document.activeElement).toBe(openInner);
  });

  it('locks page scrolling while open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(document.body.style.overflow).toBe('');
  });
});
