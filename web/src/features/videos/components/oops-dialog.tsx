import { useCallback, useState } from 'react';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';

const OOPS_TITLE = 'Oops!';

/** A content error with this text is not shown in the dialog; the series field says it itself (docs/videos.md, messages). */
const NOT_SHOWN = 'There is already a series with that name';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The content pages' error dialog (docs/videos.md, messages): a modal titled 'Oops!' with the server's message. */
export function useOopsDialog() {
  const [message, setMessage] = useState<string | null>(null);
  /** Opens the dialog with the error's message; false (and nothing shown) for a message the spec keeps out of it. */
  const show = useCallback((error: unknown) => {
    const text = errorMessage(error);
    if (text.includes(NOT_SHOWN)) return false;
    setMessage(text);
    return true;
  }, []);
  const dialog = (
    <MessageDialog open={message !== null} title={OOPS_TITLE} actionLabel="OK" alert onClose={() => setMessage(null)}>
      {message}
    </MessageDialog>
  );
  return { show, dialog };
}
