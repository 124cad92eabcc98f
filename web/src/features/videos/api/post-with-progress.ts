import type { PresignedPost } from './video-upload-url';

/**
 * Posts a file to a presigned storage form (the link's fields first, then the file) and reports how many bytes have
 * gone. XMLHttpRequest, because fetch reports no upload progress. Rejects with `failure` when the POST does not succeed.
 */
export function postWithProgress(
  link: PresignedPost,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  failure: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const { name, value } of link.fields) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(failure))));
    request.addEventListener('error', () => reject(new Error(failure)));
    request.addEventListener('abort', () => reject(new Error(failure)));
    request.open('POST', link.url);
    request.send(form);
  });
}
