/** The scoring engine: pure functions from answers to every score the product shows. Model: docs/scoring.md. */
export * from './constants';
export * from './answers';
export * from './pillar';
export * from './day';
export * from './fg-score';
export * from './labels';
export * from './member-day';
export * from './day-value';
export * from './statistics';
export * from './team';
export * from './summary';
export * from './baseline';
