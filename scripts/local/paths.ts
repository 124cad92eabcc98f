import { join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '..', '..');

/** Where npm start keeps its data (git-ignored): .local in the checkout, unless FITGAUGE_DATA_DIR says otherwise. */
export function localDataDir(): string {
  return process.env.FITGAUGE_DATA_DIR ?? join(repoRoot, '.local');
}
