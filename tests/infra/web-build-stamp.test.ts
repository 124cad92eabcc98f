/**
 * The web build stamp (infra/lib/web-build-stamp.ts): `npm run deploy` stamps web/dist after building it, and the CDK
 * app (infra/bin/fitgauge.ts) refuses a web/dist without a stamp or with one of other sources. Run in a scratch git
 * repository, as the real one is edited by others while tests run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_STAMP_FILE, staleBuildReason, writeBuildStamp } from '../../infra/lib/web-build-stamp';

let repo: string;
let dist: string;

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'fitgauge-stamp-'));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  writeFileSync(join(repo, '.gitignore'), 'web/dist/\n');
  mkdirSync(join(repo, 'web', 'src'), { recursive: true });
  mkdirSync(join(repo, 'core'));
  writeFileSync(join(repo, 'web', 'src', 'main.tsx'), 'export const a = 1;\n');
  writeFileSync(join(repo, 'core', 'rules.ts'), 'export const b = 2;\n');
  execFileSync('git', ['add', '.'], { cwd: repo });
  dist = join(repo, 'web', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

it('accepts the build it stamped', () => {
  writeBuildStamp(dist, repo);
  expect(staleBuildReason(dist, repo)).toBeUndefined();
});

it('refuses a web/dist without a build', () => {
  rmSync(dist, { recursive: true });
  expect(staleBuildReason(dist, repo)).toMatch(/holds no build/);
});

it('refuses a build without a stamp (built by hand: Vite empties web/dist)', () => {
  expect(staleBuildReason(dist, repo)).toBe(`${dist} has no ${BUILD_STAMP_FILE}: it was not built by "npm run deploy".`);
});

it.each([
  ['a web source edited (not committed)', 'web/src/main.tsx'],
  ['a core rule edited', 'core/rules.ts'],
])('refuses a build older than %s', (_, path) => {
  writeBuildStamp(dist, repo);
  writeFileSync(join(repo, path), 'export const changed = true;\n');
  expect(staleBuildReason(dist, repo)).toMatch(/from other sources than the current ones: it is stale/);
});

it('refuses a build older than a new, untracked web file', () => {
  writeBuildStamp(dist, repo);
  writeFileSync(join(repo, 'web', 'src', 'new-page.tsx'), 'export {};\n');
  expect(staleBuildReason(dist, repo)).toMatch(/stale/);
});

it('ignores changes outside the web build inputs and inside web/dist', () => {
  writeBuildStamp(dist, repo);
  writeFileSync(join(repo, 'README.md'), 'docs\n');
  writeFileSync(join(dist, 'extra.txt'), 'x');
  expect(staleBuildReason(dist, repo)).toBeUndefined();
});
