import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const webSrc = join(__dirname, '..');
const amplifyStyles = join(__dirname, '..', '..', '..', 'node_modules', '@aws-amplify', 'ui-react', 'dist', 'styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every name the app imports from @aws-amplify/ui-react (components, and also the theme helpers). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(webSrc)) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@aws-amplify\/ui-react'/g)) {
      for (const name of list.split(',')) names.add(name.replace(/\btype\b/, '').trim().split(/\s+as\s+/)[0]);
    }
  }
  names.delete('');
  return names;
}

describe('Amplify UI styles (web/src/styles/amplify-ui.css)', () => {
  const sheet = readFileSync(join(__dirname, 'amplify-ui.css'), 'utf8');
  const importedSheets = new Set([...sheet.matchAll(/@import '@aws-amplify\/ui-react\/styles\/([\w.]+)\.css'/g)].map(([, name]) => name));

  it('imports the stylesheet of every Amplify UI component the app uses', () => {
    const components = [...importedNames()].filter((name) => /^[A-Z]/.test(name));
    expect(components).toContain('Button');
    const sheetsNeeded = components
      .map((name) => name[0].toLowerCase() + name.slice(1))
      .filter((sheetName) => existsSync(join(amplifyStyles, `${sheetName}.css`)));
    expect(sheetsNeeded.filter((sheetName) => !importedSheets.has(sheetName))).toEqual([]);
  });

  it("keeps the order of Amplify's full styles.css, theme tokens first, and names only sheets that exist", () => {
    const sheets = [...importedSheets];
    expect(sheets[0]).toBe('base');
    expect(sheets.filter((name) => !existsSync(join(amplifyStyles, `${name}.css`)))).toEqual([]);
    // Where each sheet's first rule stands in the full styles.css.
    const fullSheet = readFileSync(join(amplifyStyles, '..', 'styles.css'), 'utf8');
    const positions = sheets.map((name) => {
      const firstRule = readFileSync(join(amplifyStyles, `${name}.css`), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').trim().slice(0, 120);
      return fullSheet.indexOf(firstRule);
    });
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
