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

/** Every name the app imports (or the kit re-exports) from @aws-amplify/ui-react: components, and also the theme helpers. */
function importedNames(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@aws-amplify\/ui-react'/g)) {
      for (const name of list.split(','))
        names.add(
          name
            .replace(/\btype\b/, '')
            .trim()
            .split(/\s+as\s+/)[0],
        );
    }
  }
  names.delete('');
  return names;
}

/**
 * The amplify-* class names the app's own markup uses (the UI kit wears Amplify UI's classes without its
 * components); a name built in a template (`amplify-button--${variation}`) counts as the prefix before `${`.
 */
function usedClassNames(files: string[]): string[] {
  return [...new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?<=["'`\s])amplify-[a-z][\w-]*/g)].map(([name]) => name)))];
}

/** The class names a sheet (a component's, or `../styles` for the full one) styles. */
const classesOf = (sheet: string) =>
  new Set([...readFileSync(join(amplifyStyles, `${sheet}.css`), 'utf8').matchAll(/\.(amplify-[a-z][\w-]*)/g)].map(([, name]) => name));

/** Whether a used class name (or a template's prefix ending in -) names one of the styled classes. */
const matches = (name: string, styled: Set<string>) =>
  styled.has(name) || (name.endsWith('-') && [...styled].some((style) => style.startsWith(name)));

describe('Amplify UI styles (web/src/styles/amplify-ui.css)', () => {
  const sheet = readFileSync(join(__dirname, 'amplify-ui.css'), 'utf8');
  const importedSheets = new Set([...sheet.matchAll(/@import '@aws-amplify\/ui-react\/styles\/([\w.]+)\.css'/g)].map(([, name]) => name));

  const files = sourceFiles(webSrc);

  it('imports the stylesheet of every Amplify UI component the app uses', () => {
    const components = [...importedNames(files)].filter((name) => /^[A-Z]/.test(name));
    const sheetsNeeded = components
      .map((name) => name[0].toLowerCase() + name.slice(1))
      .filter((sheetName) => existsSync(join(amplifyStyles, `${sheetName}.css`)));
    expect(sheetsNeeded.filter((sheetName) => !importedSheets.has(sheetName))).toEqual([]);
  });

  it('imports a sheet for every amplify-* class the markup uses, and no sheet nothing uses', () => {
    const used = usedClassNames(files);
    expect(used).toEqual(expect.arrayContaining(['amplify-button', 'amplify-input', 'amplify-alert']));
    const imported = new Set([...importedSheets].flatMap((sheet) => [...classesOf(sheet)]));
    // Some classes Amplify UI puts on its markup have no rule anywhere; the others must have their sheet here.
    const styledSomewhere = classesOf('../styles');
    expect(used.filter((name) => matches(name, styledSomewhere) && !matches(name, imported))).toEqual([]);
    // base.css holds the tokens every sheet reads; an imported Amplify UI component needs its own sheet and those its
    // name starts with (SelectField: select.css too).
    const componentSheets = [...importedNames(files)].filter((name) => /^[A-Z]/.test(name)).map((name) => name[0].toLowerCase() + name.slice(1));
    const unused = [...importedSheets].filter(
      (sheet) =>
        sheet !== 'base' &&
        !componentSheets.some((component) => component.startsWith(sheet)) &&
        !used.some((name) => matches(name, classesOf(sheet))),
    );
    expect(unused).toEqual([]);
  });

  it("keeps the order of Amplify's full styles.css, theme tokens first, and names only sheets that exist", () => {
    const sheets = [...importedSheets];
    expect(sheets[0]).toBe('base');
    expect(sheets.filter((name) => !existsSync(join(amplifyStyles, `${name}.css`)))).toEqual([]);
    // Where each sheet's first rule stands in the full styles.css.
    const fullSheet = readFileSync(join(amplifyStyles, '..', 'styles.css'), 'utf8');
    const positions = sheets.map((name) => {
      const firstRule = readFileSync(join(amplifyStyles, `${name}.css`), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim()
        .slice(0, 120);
      return fullSheet.indexOf(firstRule);
    });
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
