import { VIDEO_MESSAGES } from '@core/videos';
import { changedDetails, detailsFormSchema, detailsFormValues, withTag } from './details-form';

const form = { description: '', tags: [], instructorId: '', seriesId: '', episode: '' };
const messagesOf = (input: typeof form) => {
  const result = detailsFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

it('turns empty choices into cleared fields', () => {
  expect(detailsFormSchema.parse(form)).toEqual({ description: null, tags: [], instructorId: null, seriesId: null, episode: null });
  expect(detailsFormSchema.parse({ ...form, description: ' Stretch ', seriesId: 's1', episode: '3', tags: ['neck'] })).toEqual({
    description: 'Stretch',
    tags: ['neck'],
    instructorId: null,
    seriesId: 's1',
    episode: 3,
  });
});

it('says the description limit as the spec words it', () => {
  expect(messagesOf({ ...form, description: 'x'.repeat(1001) })).toEqual([VIDEO_MESSAGES.descriptionTooLong]);
  expect(messagesOf({ ...form, description: 'x'.repeat(1000) })).toEqual([]);
});

it.each(['0', '21', '2.5', 'two'])('refuses episode %s', (episode) => {
  expect(messagesOf({ ...form, seriesId: 's1', episode })).toEqual([VIDEO_MESSAGES.episode]);
});

it('fills the form from a stored video', () => {
  expect(detailsFormValues({ description: null, tags: ['a'], instructorId: 'i1', seriesId: null, episode: 4 })).toEqual({
    description: '',
    tags: ['a'],
    instructorId: 'i1',
    seriesId: '',
    episode: '4',
  });
});

it('adds a tag once, trimmed', () => {
  expect(withTag(['Neck'], ' posture ')).toEqual(['Neck', 'posture']);
  expect(withTag(['Neck'], 'neck')).toEqual(['Neck']);
  expect(withTag(['Neck'], '  ')).toEqual(['Neck']);
});

it('asks for a series before an episode', () => {
  expect(messagesOf({ ...form, episode: '2' })).toEqual([VIDEO_MESSAGES.episodeNeedsSeries]);
});

it('sends only what changed', () => {
  const stored = detailsFormSchema.parse({ ...form, tags: ['a'], seriesId: 's1', episode: '2' });
  expect(changedDetails(stored, { ...stored })).toEqual({});
  expect(changedDetails(stored, { ...stored, tags: ['a', 'b'], seriesId: null, episode: null })).toEqual({
    tags: ['a', 'b'],
    seriesId: null,
    episode: null,
  });
});
