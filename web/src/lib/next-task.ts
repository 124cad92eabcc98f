/** Resolves in a later task of the event loop, so that the browser may paint and handle input in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
