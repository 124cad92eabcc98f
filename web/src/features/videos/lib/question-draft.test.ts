import { NEW_QUESTION, QUESTION_TYPE_OPTIONS, withKind } from './question-draft';

it('shows INT as Score, BOOLEAN as Binary and STRING as Text', () => {
  expect(QUESTION_TYPE_OPTIONS).toEqual([
    { value: 'INT', label: 'Score' },
    { value: 'BOOLEAN', label: 'Binary' },
    { value: 'STRING', label: 'Text' },
  ]);
});

it("starts as a score of repetitions with the spec's default text", () => {
  expect(NEW_QUESTION).toEqual({ type: 'INT', subType: 'repetitions', text: 'How many repetitions did you do?' });
});

it('follows the default text of each sub-type and type', () => {
  expect(withKind(NEW_QUESTION, 'INT', 'rounds').text).toBe('How many rounds did you do?');
  expect(withKind(NEW_QUESTION, 'INT', 'time').text).toBe("What was your time in today's workout");
  expect(withKind(NEW_QUESTION, 'BOOLEAN', 'rounds')).toEqual({
    type: 'BOOLEAN',
    subType: null,
    text: 'Do you feel comfortable with this movement?',
  });
  expect(withKind(withKind(NEW_QUESTION, 'STRING', null), 'INT', null)).toEqual(NEW_QUESTION);
  expect(withKind(NEW_QUESTION, 'STRING', null).text).toBe('My Notes');
});

it('keeps a text the admin wrote', () => {
  expect(withKind({ ...NEW_QUESTION, text: 'How many squats?' }, 'INT', 'rounds').text).toBe('How many squats?');
});
