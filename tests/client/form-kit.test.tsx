import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogActions } from '../../src/client/ui/DialogActions';
import { Field, type FieldProps } from '../../src/client/ui/Field';
import { Modal } from '../../src/client/ui/Modal';

const textOf = (id: string) => document.getElementById(id)?.textContent;
const descriptionOf = (control: HTMLElement) => (control.getAttribute('aria-describedby') ?? '').split(' ').map(textOf);

function TextField(props: Omit<FieldProps, 'children' | 'label'>) {
  return (
    <Field label="Server ID" {...props}>
      {(control) => <input {...control} />}
    </Field>
  );
}

describe('Field', () => {
  it('names its control by its label, with an id of its own for each field', () => {
    render(
      <>
        <TextField />
        <Field label="Expires in">{(control) => <select {...control} />}</Field>
      </>,
    );
    const input = screen.getByLabelText('Server ID');
    const select = screen.getByLabelText('Expires in');
    expect(input.tagName).toBe('INPUT');
    expect(select.tagName).toBe('SELECT');
    expect(input.id).not.toBe(select.id);
    expect(screen.getByText('Server ID').getAttribute('for')).toBe(input.id);
  });

  it('takes a given id, and names its label and messages after it', () => {
    render(<TextField id="welcome-channel" hint="Where it goes" error="Not a channel" />);
    const input = screen.getByLabelText('Server ID');
    expect(input.id).toBe('welcome-channel');
    expect(screen.getByText('Server ID').id).toBe('welcome-channel-label');
    expect(input.getAttribute('aria-describedby')).toBe('welcome-channel-error welcome-channel-hint');
  });

  it('is described by its hint alone, and not invalid, while nothing is wrong', () => {
    render(<TextField hint="Right-click the server to copy its ID." />);
    const input = screen.getByLabelText('Server ID');
    expect(descriptionOf(input)).toEqual(['Right-click the server to copy its ID.']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('with an error, is invalid and described by the error first, then the hint', () => {
    render(<TextField hint="17–20 digits" error="Enter a Discord server ID." />);
    const input = screen.getByLabelText('Server ID');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toEqual(['Enter a Discord server ID.', '17–20 digits']);
  });

  it('draws no empty message and describes the control by nothing without hint or error', () => {
    const { container } = render(<TextField hint={false} error="" />);
    const input = screen.getByLabelText('Server ID');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });

  it('reads descriptions drawn elsewhere between its error and its hint, and is invalid when told so', () => {
    render(
      <>
        <p id="refusal">The server refused it.</p>
        <TextField hint="A hint" error="Too long" describedBy={['refusal', false]} />
        <Field label="Other" invalid describedBy={['refusal']}>
          {(control) => <input {...control} />}
        </Field>
      </>,
    );
    expect(descriptionOf(screen.getByLabelText('Server ID'))).toEqual(['Too long', 'The server refused it.', 'A hint']);
    const other = screen.getByLabelText('Other');
    expect(other.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(other)).toEqual(['The server refused it.']);
  });
});

describe('DialogActions', () => {
  it('puts the way out first and the action last, and each button does its own thing', async () => {
    const cancel = vi.fn();
    const confirm = vi.fn();
    render(<DialogActions cancel={{ onClick: cancel }} primary={{ label: 'Delete entry', onClick: confirm }} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Delete entry']);
    expect(buttons.every((button) => button.getAttribute('type') === 'button')).toBe(true);
    await userEvent.click(buttons[1] as HTMLElement);
    expect(confirm).toHaveBeenCalledOnce();
    expect(cancel).not.toHaveBeenCalled();
    await userEvent.click(buttons[0] as HTMLElement);
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('stacks the buttons on a phone with the action on top, and puts them in a row at the right from the sm breakpoint', () => {
    render(<DialogActions cancel={{ onClick: () => undefined }} primary={{ label: 'Save', onClick: () => undefined }} />);
    const row = screen.getByRole('button', { name: 'Save' }).parentElement as HTMLElement;
    expect(row.className.split(' ')).toEqual(expect.arrayContaining(['flex', 'flex-col-reverse', 'sm:flex-row', 'sm:justify-end']));
  });

  it('draws the action red when it cannot be undone, and keeps a busy action disabled', async () => {
    const confirm = vi.fn();
    render(
      <DialogActions cancel={{ label: 'Back', onClick: () => undefined }} primary={{ label: 'Replacing…', danger: true, disabled: true, onClick: confirm }} />,
    );
    const action = screen.getByRole<HTMLButtonElement>('button', { name: 'Replacing…' });
    expect(action.className).toContain('button-danger');
    expect(screen.getByRole('button', { name: 'Back' }).className).toContain('button-secondary');
    expect(action.disabled).toBe(true);
    await userEvent.click(action);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('is only a way out in a dialog that shows something, and sits in the footer of a Modal', () => {
    render(<Modal open onClose={() => undefined} title="Your whitelist" footer={<DialogActions cancel={{ label: 'Done', onClick: () => undefined }} />} />);
    const dialog = screen.getByRole('dialog', { name: 'Your whitelist' });
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual(['Close dialog', 'Done']);
    expect(dialog.contains(screen.getByRole('button', { name: 'Done' }))).toBe(true);
  });
});
