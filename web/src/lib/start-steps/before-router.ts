// A step of the app's start (docs/performance.md, "First visits without a service worker": the start in steps): the
// modules evaluated after this one wait for a later task, so that the start is several short tasks instead of one.
import { nextTask } from '../next-task';

await nextTask();
