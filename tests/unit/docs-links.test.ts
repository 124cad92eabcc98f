/**
 * A newcomer can follow the documentation from the repository alone: no markdown file links or names a path
 * outside the repository, and every file it links or names (a markdown link, or a `path` in backticks that starts at
 * a top-level folder or names a .md file) exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(__dirname, '../..');

/** Folders that are not the repository's own text: dependencies, build output, local data. */
const NOT_SOURCE = new Set(['node_modules', '.git', '.local', 'cdk.out', 'coverage', 'dist']);
/** Files that exist only after a build or a start, which the docs name on purpose. */
const GENERATED = ['web/dist', '.local/'];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const topLevelFolders = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !NOT_SOURCE.has(entry.name))
  .map((entry) => entry.name);

/** The paths a markdown text points at: link targets, and backticked spans that are clearly repository paths. */
function referencedPaths(markdown: string): string[] {
  const links = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^([a-z]+:|#)/i.test(target));
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((span) => !/[<>*{}#:$…]|\.\.\.$/.test(span))
    .filter((span) => span.endsWith('.md') || span.startsWith('../') || topLevelFolders.some((folder) => span.startsWith(`${folder}/`)));
  return [...links, ...spans].map((target) => target.replace(/#.*$/, ''));
}

/** Why `target`, named in `file`, does not lead to a file of the repository, or null when it does. */
function problemOf(file: string, target: string): string | null {
  if (GENERATED.some((generated) => target.startsWith(generated))) return null;
  // `./x` and `../x` are relative to the file; other paths may also be written from the repository's root.
  const candidates = target.startsWith('.') ? [resolve(dirname(file), target)] : [resolve(dirname(file), target), resolve(root, target)];
  const inside = candidates.filter((path) => path === root || path.startsWith(root + sep));
  if (inside.length === 0) return `${relative(root, file)}: \`${target}\` is outside the repository`;
  const found = inside.some((path) => ['', '.ts', '.tsx', '.js'].some((extension) => existsSync(path + extension)));
  return found ? null : `${relative(root, file)}: \`${target}\` does not exist`;
}

describe('documentation links', () => {
  const files = markdownFiles(root);

  it('finds the README and the docs', () => {
    expect(files.map((file) => relative(root, file))).toEqual(expect.arrayContaining(['README.md', 'docs/local-mode.md', 'docs/product.md']));
  });

  it('links and names only files that exist inside the repository', () => {
    const problems = files.flatMap((file) => referencedPaths(readFileSync(file, 'utf8')).flatMap((target) => problemOf(file, target) ?? []));
    expect(problems).toEqual([]);
  });

  it('would report a link outside the repository and a missing file', () => {
    const readme = join(root, 'README.md');
    const targets = referencedPaths('See [the spec](../shared/spec/README.md), `../auth-contract.md` and `docs/gone.md`; `docs/scoring.md` is fine.');
    expect(targets.map((target) => problemOf(readme, target))).toEqual([
      'README.md: `../shared/spec/README.md` is outside the repository',
      'README.md: `../auth-contract.md` is outside the repository',
      'README.md: `docs/gone.md` does not exist',
      null,
    ]);
  });
});
