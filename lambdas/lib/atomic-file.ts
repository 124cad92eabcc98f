import { open, rename, stat } from 'node:fs/promises';

/**
 * Replaces `file` as a whole or not at all: written beside it as `<file>.tmp`, flushed, then renamed over it. A
 * process killed mid-write leaves the old file (and a stray `.tmp`), and a reader never sees a half-written one.
 * Local files only (the mail outbox, cognito-local's pool); one writer per file at a time. A file replaced keeps its
 * mode (e.g. 0600 of a key file); a new one gets `mode`.
 */
export async function writeFileAtomically(file: string, text: string, mode = 0o644): Promise<void> {
  const temporary = `${file}.tmp`;
  const kept = await stat(file).then(
    (existing) => existing.mode & 0o777,
    () => mode,
  );
  const handle = await open(temporary, 'w', kept);
  try {
    await handle.chmod(kept);
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
