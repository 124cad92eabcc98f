import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropZone, type DropZoneMessages } from './drop-zone';

const messages: DropZoneMessages = {
  prompt: 'Drop your Team Avatar Here',
  invalidType: 'This file type is not supported',
  tooLarge: 'The file is larger than 10 MB',
  tooMany: 'Drop one file only',
};

const image = (name: string, bytes = 10) => new File(['x'.repeat(bytes)], name, { type: 'image/png' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const zone = () => screen.getByRole('group', { name: messages.prompt });

/** Drops files on the zone as a browser does: a drop is not filtered by the file picker's accept and multiple. */
function drop(files: File[]) {
  const items = files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file }));
  fireEvent.drop(zone(), { dataTransfer: { files, items, types: ['Files'] } });
}

function setup(multiple = false) {
  // The browser's picker would hide refused types; a drop does not, so the zone must check them itself.
  const user = userEvent.setup({ applyAccept: false });
  const onFiles = jest.fn();
  render(<DropZone accept={{ 'image/*': [] }} multiple={multiple} maxSize={100} messages={messages} onFiles={onFiles} />);
  return { user, onFiles };
}

describe('DropZone', () => {
  it('is a drop target named by its prompt, with a button that opens the file picker', async () => {
    const { user } = setup();
    expect(zone().textContent).toContain('Drop your Team Avatar Here');
    const picker = jest.spyOn(fileInput(), 'click');
    await user.click(screen.getByRole('button', { name: 'Choose a file' }));
    expect(picker).toHaveBeenCalledTimes(1);
  });

  it('hands over one accepted image', async () => {
    const { user, onFiles } = setup();
    const avatar = image('avatar.png');
    await user.upload(fileInput(), avatar);
    expect(onFiles).toHaveBeenCalledWith([avatar]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['a file of another type', [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })], messages.invalidType],
    ['a file over the size limit', [image('huge.png', 101)], messages.tooLarge],
    ['two files where one is allowed', [image('a.png'), image('b.png')], messages.tooMany],
  ])('refuses %s with its message', async (_case, files, message) => {
    const { onFiles } = setup();
    drop(files);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('takes several dropped files when multiple', async () => {
    const { onFiles } = setup(true);
    const files = [image('a.png'), image('b.png')];
    drop(files);
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith(files));
  });

  it('clears the message after an accepted file', async () => {
    const { user } = setup();
    await user.upload(fileInput(), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    await screen.findByRole('alert');
    await user.upload(fileInput(), image('avatar.png'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
