import { INITIAL_UPLOAD_FLOW, progressPercent, UPLOAD_MESSAGES, uploadFlowReducer, type UploadFlowEvent, type UploadFlowState } from './upload-flow';
import { VIDEO_FILE_ACCEPT } from './video-file-accept';

const video = { id: 'v1', title: 'Neck Stretch' };
const run = (events: UploadFlowEvent[], from: UploadFlowState = INITIAL_UPLOAD_FLOW) => events.reduce(uploadFlowReducer, from);

describe('upload flow', () => {
  it('goes to step 2 once the record exists, and to step 3 when the upload starts', () => {
    expect(run([{ type: 'created', video }])).toEqual({ step: 2, video, problem: null });
    expect(
      run([
        { type: 'created', video },
        { type: 'started', fileName: 'a.mp4', total: 200 },
      ]),
    ).toEqual({
      step: 3,
      video,
      fileName: 'a.mp4',
      upload: { status: 'uploading', loaded: 0, total: 200 },
    });
  });

  it('follows the progress and ends done', () => {
    const uploading = run([
      { type: 'created', video },
      { type: 'started', fileName: 'a.mp4', total: 200 },
      { type: 'progressed', loaded: 50, total: 200 },
    ]);
    expect(uploading.step === 3 && progressPercent(uploading.upload)).toBe(25);
    const done = uploadFlowReducer(uploading, { type: 'finished' });
    expect(done.step === 3 && done.upload).toEqual({ status: 'done' });
    // A late progress event does not undo the end.
    expect(uploadFlowReducer(done, { type: 'progressed', loaded: 10, total: 200 })).toEqual(done);
  });

  it("goes back to step 2 with the message when it contains 'uploading the video'", () => {
    const uploading = run([
      { type: 'created', video },
      { type: 'started', fileName: 'a.mp4', total: 200 },
    ]);
    expect(uploadFlowReducer(uploading, { type: 'failed', message: UPLOAD_MESSAGES.uploadFailed })).toEqual({
      step: 2,
      video,
      problem: UPLOAD_MESSAGES.uploadFailed,
    });
    expect(uploadFlowReducer(uploading, { type: 'failed', message: UPLOAD_MESSAGES.linkFailed })).toEqual({
      ...uploading,
      upload: { status: 'failed' },
    });
  });

  it('starts again from step 1 on reset', () => {
    expect(run([{ type: 'created', video }, { type: 'reset' }])).toEqual({ step: 1 });
  });

  it('ignores events of another step', () => {
    expect(run([{ type: 'started', fileName: 'a.mp4', total: 1 }])).toEqual({ step: 1 });
    expect(
      run([
        { type: 'created', video },
        { type: 'created', video: { id: 'v2', title: 'Other' } },
      ]),
    ).toEqual({ step: 2, video, problem: null });
  });
});

it('takes mp4, mov and ts files', () => {
  expect(Object.values(VIDEO_FILE_ACCEPT).flat().sort()).toEqual(['.mov', '.mp4', '.ts']);
});

it('rounds progress down and treats an empty total as nothing sent', () => {
  expect(progressPercent({ status: 'uploading', loaded: 999, total: 1000 })).toBe(99);
  expect(progressPercent({ status: 'uploading', loaded: 0, total: 0 })).toBe(0);
});
