/** Texts of the content pages that the server never sends (docs/videos.md, "The pages' rules and texts"). */

/** The delete confirmation of a video (and, the spec giving no other wording, of an instructor, series or question). */
export const deleteConfirmation = (title: string) => `You are about to delete ${title}. Are you sure you want to proceed?`;

export const SCHEDULE_TEXT = 'The video will be available in the library from the selected day';
