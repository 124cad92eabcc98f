import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextAreaField, TextField } from './fields';

function Controlled() {
  const [text, setText] = useState('');
  return (
    <>
      <TextAreaField label="Description" value={text} onChange={(event) => setText(event.target.value)} />
      <p>{text.length}/1000</p>
    </>
  );
}

it('labels the text area and reports what is typed', async () => {
  const user = userEvent.setup();
  render(<Controlled />);
  const area = screen.getByRole('textbox', { name: 'Description' });
  await user.type(area, 'Drink water');
  expect((area as HTMLTextAreaElement).value).toBe('Drink water');
  expect(screen.getByText('11/1000')).toBeTruthy();
});

it('ties a text field to its error while it has one', () => {
  render(<TextField label="Title" hasError errorMessage="Title should be less than 40 characters." />);
  const input = screen.getByRole('textbox', { name: 'Title' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Title should be less than 40 characters.').id);
});

it("ties a text area to its error, beside the caller's own description", () => {
  render(
    <>
      <TextAreaField label="Comment" hasError errorMessage="A comment is required." aria-describedby="counter" />
      <p id="counter">0/500 characters</p>
    </>,
  );
  const area = screen.getByRole('textbox', { name: 'Comment' });
  expect(area.getAttribute('aria-invalid')).toBe('true');
  expect(area.getAttribute('aria-describedby')).toBe(`${screen.getByText('A comment is required.').id} counter`);
});
