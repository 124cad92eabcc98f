import { Button } from '../button/button';
import { ErrorCode, useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { useId, useState } from 'react';

/** The texts a drop zone shows; the spec gives them per screen, so the caller does too. */
export interface DropZoneMessages {
  /** The invitation, e.g. 'Drop your Team Avatar Here' or 'Drop your file here to upload'. */
  prompt: string;
  /** e.g. 'This file type is not supported'. */
  invalidType: string;
  tooLarge: string;
  /** More files than allowed (one, unless multiple). */
  tooMany: string;
}

interface DropZoneProps {
  /** MIME types to file extensions, e.g. { 'image/*': [] } or { 'video/mp4': ['.mp4'] }. */
  accept: Accept;
  /** Takes several files at once; otherwise exactly one. */
  multiple?: boolean;
  /** The largest file, in bytes (docs/teams.md, "Avatar upload": avatars up to 10485760). */
  maxSize?: number;
  messages: DropZoneMessages;
  /** Gets the accepted files of a drop or pick; never called when any file is rejected. */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

const MESSAGE_BY_CODE: Record<string, keyof DropZoneMessages> = {
  [ErrorCode.FileInvalidType]: 'invalidType',
  [ErrorCode.FileTooLarge]: 'tooLarge',
  [ErrorCode.TooManyFiles]: 'tooMany',
};

function rejectionMessage(rejections: readonly FileRejection[], messages: DropZoneMessages): string {
  const code = rejections[0]?.errors[0]?.code ?? ErrorCode.FileInvalidType;
  return messages[MESSAGE_BY_CODE[code] ?? 'invalidType'];
}

/**
 * A drop target named by its prompt, with a button that opens the file picker (a click anywhere on the zone
 * does too). A drop with any refused file is refused whole and says why.
 */
export function DropZone({ accept, multiple = false, maxSize, messages, onFiles, disabled = false }: DropZoneProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    multiple,
    maxSize,
    disabled,
    // The button inside takes the keyboard; its click reaches the zone, which opens the picker.
    noKeyboard: true,
    onDrop: (accepted, rejections) => {
      if (rejections.length > 0) {
        setProblem(rejectionMessage(rejections, messages));
        return;
      }
      setProblem(null);
      if (accepted.length > 0) onFiles(accepted);
    },
  });

  return (
    <div className="fg-drop-zone-field">
      <div
        {...getRootProps({
          className: 'fg-drop-zone',
          role: 'group',
          'aria-label': messages.prompt,
          'aria-disabled': disabled || undefined,
          'data-drag-active': isDragActive || undefined,
        })}
      >
        <input {...getInputProps()} />
        <p className="fg-drop-zone__prompt">{messages.prompt}</p>
        <Button size="small" isDisabled={disabled} aria-describedby={problem ? problemId : undefined}>
          {multiple ? 'Choose files' : 'Choose a file'}
        </Button>
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="fg-field-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
