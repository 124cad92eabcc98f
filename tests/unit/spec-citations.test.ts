/**
 * Comments cite the repository's own docs (docs/*.md), never the product spec: it lives outside the repository, so a
 * newcomer could not follow the reference (issue 21). Every tracked source, test and style file is read; the docs
 * themselves may name the spec.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

/** Source, test, style and script files; markdown is documentation. */
const SCANNED = /\.(ts|tsx|js|jsx|mjs|cjs|css|graphql|html|sh|ya?ml|java)$|^\.ci\//;
/** The spec documents 000 and 001 by number (also across two comment lines), a spec section, a section of the spec. */
const SPEC_CITATION = /\bspec(?:\s|\*|\/)+00[01]\b|\bspec\s+sections?\s+\d|\bsections?\s+\d+\s+of\s+the\s+spec\b/gi;

/** The line numbers (from 1) where a spec citation starts in `text`. */
function citationLines(text: string): number[] {
  return [...text.matchAll(SPEC_CITATION)].map((match) => text.slice(0, match.index).split('\n').length);
}

function scannedFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return tracked.filter((path) => SCANNED.test(path) && !path.startsWith('docs/') && existsSync(join(root, path)));
}

describe('citations of the product spec', () => {
  it('are found at the line they start on, also across a comment line break', () => {
    const [spec, section] = ['spec', 'section'];
    const text = [
      '// fine (docs/product.md)',
      `// see ${spec} 000 ${section} 2`,
      ` * as the ${spec.toUpperCase()}`,
      ' * 001 says',
      ` * a ${spec} 1000 is no citation`,
      `/** ${spec} ${section} 8: a text */`,
      `// as ${section} 9 of the ${spec} wants`,
    ].join('\n');

    expect(citationLines(text)).toEqual([2, 3, 6, 7]);
  });

  it('appear in no source, test or style file', () => {
    const files = scannedFiles();
    const found = files.flatMap((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      return citationLines(text).map((line) => `${path}:${line}: ${text.split('\n')[line - 1]!.trim()}`);
    });

    expect(files.length).toBeGreaterThan(500);
    expect(found).toEqual([]);
  });
});
