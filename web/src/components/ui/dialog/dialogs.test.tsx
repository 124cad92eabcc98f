import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AddItemDialog } from './add-item-dialog';
import { ConfirmDialog, YesNoDialog } from './choice-dialog';
import { MessageDialog } from './message-dialog';

/** A page with a button that opens the dialog under test, as a real caller would. */
function Opener({ dialog }: { dialog: (close: () => void, open: boolean) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {dialog(() => setOpen(false), open)}
    </>
  );
}

describe('Dialog behaviour (through MessageDialog)', () => {
  const renderMessage = () =>
    render(
      <Opener
        dialog={(close, open) => (
          <MessageDialog open={open} title="Password Reset Failed" actionLabel="OK" onClose={close} alert>
            <p>Please enter an email address</p>
          </MessageDialog>
        )}
      />,
    );

  it('opens as a named modal, focuses its button, and returns focus to the opener on close', async () => {
    const user = userEvent.setup();
    renderMessage();
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Password Reset Failed' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe('Please enter an email address');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'OK' }));

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderMessage();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(
      <Opener
        dialog={(close, open) => (
          <ConfirmDialog open={open} title="Delete video" onAccept={close} onDecline={close}>
            Delete this video?
          </ConfirmDialog>
        )}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete video' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });

    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });
});

describe('ConfirmDialog and YesNoDialog', () => {
  it.each([
    ['ConfirmDialog', 'Cancel', 'Confirm', ConfirmDialog],
    ['YesNoDialog', 'No', 'Yes', YesNoDialog],
  ] as const)('%s offers %s then %s and reports each answer', async (_name, declineLabel, acceptLabel, ChoiceDialog) => {
    const user = userEvent.setup();
    const answers: string[] = [];
    render(
      <ChoiceDialog open title="Leave team" onAccept={() => answers.push('accept')} onDecline={() => answers.push('decline')}>
        Leave Night Owls?
      </ChoiceDialog>,
    );
    const buttons = within(screen.getByRole('alertdialog', { name: 'Leave team' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([declineLabel, acceptLabel]);

    await user.click(screen.getByRole('button', { name: acceptLabel }));
    await user.click(screen.getByRole('button', { name: declineLabel }));
    await user.keyboard('{Escape}');
    expect(answers).toEqual(['accept', 'decline', 'decline']);
  });

  it('ignores Cancel and Escape while busy', async () => {
    const user = userEvent.setup();
    const onDecline = jest.fn();
    render(
      <ConfirmDialog open busy title="Delete video" onAccept={() => undefined} onDecline={onDecline}>
        Delete this video?
      </ConfirmDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onDecline).not.toHaveBeenCalled();
  });
});

describe('AddItemDialog', () => {
  const renderAdd = (onCreate: (value: string) => void | Promise<void>, onCancel = () => undefined) =>
    render(<AddItemDialog open title="Add series" fieldLabel="Series" maxLength={20} onCreate={onCreate} onCancel={onCancel} />);

  it('requires the field with the spec message and creates nothing', async () => {
    const user = userEvent.setup();
    const onCreate = jest.fn();
    renderAdd(onCreate);
    await user.type(screen.getByLabelText('Series'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A Series is required.');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('refuses a value over the length bound', async () => {
    const user = userEvent.setup();
    const onCreate = jest.fn();
    renderAdd(onCreate);
    await user.type(screen.getByLabelText('Series'), 'x'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Series should be less than 20 characters.');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('creates with the trimmed value on Create and on Enter', async () => {
    const user = userEvent.setup();
    const onCreate = jest.fn();
    renderAdd(onCreate);
    await user.type(screen.getByLabelText('Series'), '  Aim drills ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.type(screen.getByLabelText('Series'), '{Enter}');
    expect(onCreate.mock.calls).toEqual([['Aim drills'], ['Aim drills']]);
  });

  it("shows the server's message when creating fails", async () => {
    const user = userEvent.setup();
    renderAdd(() => Promise.reject(new Error('A series with that name exists')));
    await user.type(screen.getByLabelText('Series'), 'Aim drills');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A series with that name exists');
  });

  it('Cancel calls onCancel without creating', async () => {
    const user = userEvent.setup();
    const onCreate = jest.fn();
    const onCancel = jest.fn();
    renderAdd(onCreate, onCancel);
    await user.type(screen.getByLabelText('Series'), 'Aim drills');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('renames: starts from the current value and submits with its own label', async () => {
    const user = userEvent.setup();
    const onCreate = jest.fn();
    render(
      <AddItemDialog
        open
        title="Rename series"
        fieldLabel="Series"
        initialValue="Aim drills"
        submitLabel="Save"
        onCreate={onCreate}
        onCancel={() => undefined}
      />,
    );
    const field = screen.getByLabelText('Series') as HTMLInputElement;
    expect(field.value).toBe('Aim drills');
    await user.type(field, ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onCreate.mock.calls).toEqual([['Aim drills 2']]);
  });
});
