/** The largest cover image the server presigns for (its ImageFileInput bound). */
export const COVER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
