/**
 * The repository's lint configuration refuses imports against the layer direction (eslint/fitgauge-rules.js), Amplify
 * UI outside the UI kit and the kit's Amplify UI pieces on the first pages, app routes written outside the route
 * registry, and a static import of a module the same test jest.mock()s. Each case lints a small source text as if it
 * lived at a path.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const OUR_RULES = /^(fitgauge\/|no-restricted-(syntax|imports)$)/;
// The repository's own config, handed over as an object: ESLint would load the file with a dynamic import, which jest's VM refuses.
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: require('../../eslint.config.js') });

/** The messages of our rules for `code` placed at `file` (a repository path; the file need not exist). */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((message) => OUR_RULES.test(message.ruleId ?? '')).map((message) => message.message);
}

describe('import boundaries', () => {
  it('refuses a web feature importing another feature, by alias or by relative path', async () => {
    const refusal =
      'A web feature may not import another feature (check-in -> scores): move what they share to web/src/components, web/src/lib or web/src/hooks.';
    await expect(
      problems('web/src/features/check-in/components/x.tsx', "import { a } from '@/features/scores/lib/chart-data';\nexport const b = a;\n"),
    ).resolves.toEqual([refusal]);
    await expect(problems('web/src/features/check-in/components/x.tsx', "export { a } from '../../scores/lib/chart-data';\n")).resolves.toEqual([
      refusal,
    ]);
  });

  it('refuses a web feature importing app/, and shared web code importing a feature', async () => {
    await expect(
      problems('web/src/features/auth/components/x.tsx', "import { useViewer } from '@/app/viewer';\nexport const v = useViewer;\n"),
    ).resolves.toEqual(['A web feature may not import web/src/app: move what they share to web/src/components, web/src/lib or web/src/hooks.']);
    await expect(problems('web/src/lib/x.ts', "export const page = () => import('@/features/scores/components/my-scores-page');\n")).resolves.toEqual(
      ['web/src/lib is shared by every feature, so it may not import a feature (scores).'],
    );
    await expect(
      problems('web/src/features/auth/x.ts', "import { db } from '../../../../lambdas/lib/db/client';\nexport const d = db;\n"),
    ).resolves.toEqual(['The web app runs in the browser: it imports only web/src and core, not lambdas/lib/db/client.']);
  });

  it('refuses a relative import of core/ outside core, and lets core import itself relatively', async () => {
    await expect(problems('infra/lib/x.ts', "import { AVATARS_ROOT } from '../../core/avatars';\nexport const a = AVATARS_ROOT;\n")).resolves.toEqual(
      ["Import core/ through its alias: '@core/avatars'."],
    );
    await expect(problems('core/teams/x.ts', "import { ROLES } from '../roles';\nexport const r = ROLES;\n")).resolves.toEqual([]);
  });

  it("refuses core/validation importing a domain's rules: the domain's schemas live beside them", async () => {
    await expect(problems('core/validation/x.ts', "import { ROLES } from '../roles';\nexport const r = ROLES;\n")).resolves.toEqual([
      "core/validation holds the building blocks every domain's schemas use: it may not import a domain (core/roles).",
    ]);
    await expect(problems('core/validation/x.ts', "import { emailChecks } from './text-rules';\nexport const e = emailChecks;\n")).resolves.toEqual(
      [],
    );
  });

  it('lets a feature import itself, shared web code and core', async () => {
    const code = [
      "import { scoreTypeLabel } from '@core/pillars';",
      "import { ScoreTiles } from '@/components/scores/score-tile';",
      "import { chartRows } from '../lib/chart-data';",
      'export const all = [scoreTypeLabel, ScoreTiles, chartRows];',
    ].join('\n');
    await expect(problems('web/src/features/scores/components/x.tsx', code)).resolves.toEqual([]);
  });

  it("refuses a Lambda domain importing another domain's code, but not its store types", async () => {
    await expect(
      problems('lambdas/scoring/x.ts', "import { teamAccess } from '../teams/team-access';\nexport const t = teamAccess;\n"),
    ).resolves.toEqual([
      "A Lambda domain imports only lambdas/lib and core (scoring -> teams): move what they share to lambdas/lib (another domain's store types at most).",
    ]);
    await expect(
      problems('lambdas/scoring/x.ts', "import type { TeamStore } from '../teams/team-store';\nexport type T = TeamStore;\n"),
    ).resolves.toEqual([]);
    await expect(
      problems('lambdas/scoring/x.ts', "import type { ShareStore } from '../recap/store';\nexport type T = ShareStore;\n"),
    ).resolves.toEqual([]);
    await expect(
      problems('lambdas/scoring/x.ts', "import { TeamStore } from '../teams/team-store';\nexport const T = TeamStore;\n"),
    ).resolves.toHaveLength(1);
    await expect(
      problems(
        'lambdas/scoring/x.ts',
        "import { db } from '../lib/db/client';\nimport { scoreDay } from '@core/scoring';\nexport const all = [db, scoreDay];\n",
      ),
    ).resolves.toEqual([]);
  });

  it('refuses core importing anything outside core', async () => {
    await expect(problems('core/x.ts', "import { keys } from '../lambdas/lib/db/keys';\nexport const k = keys;\n")).resolves.toEqual([
      'core/ holds pure rules shared by the Lambdas and the browser: it may not import lambdas/lib/db/keys.',
    ]);
  });
});

describe('one component layer', () => {
  it('refuses Amplify UI anywhere in the web app but the UI kit, type imports included', async () => {
    const refusal =
      'Only the UI kit imports Amplify UI: use its piece (web/src/components/ui; layout, text, cards, badges and toggles from components/ui/themed/primitives), or add the missing one there.';
    await expect(
      problems('web/src/features/billing/components/x.tsx', "import { Button } from '@aws-amplify/ui-react';\nexport const b = Button;\n"),
    ).resolves.toEqual([refusal]);
    await expect(
      problems('web/src/app/routes/x.tsx', "import type { Theme } from '@aws-amplify/ui-react';\nexport type T = Theme;\n"),
    ).resolves.toEqual([refusal]);
    await expect(problems('web/src/config/x.ts', "export { defaultTheme } from '@aws-amplify/ui-react';\n")).resolves.toEqual([refusal]);
    await expect(problems('web/src/components/ui/themed/x.ts', "export { Flex } from '@aws-amplify/ui-react';\n")).resolves.toEqual([]);
  });

  it("keeps the kit's Amplify UI pieces off the first pages and out of the rest of the kit, and lets the themed pages use them", async () => {
    // ESLint's no-restricted-imports puts the import's own text before the reason.
    const refusal = expect.stringContaining(
      "The kit's Amplify UI pieces (components/ui/themed) need <AmplifyTheme> around them, which the first pages and the frame do without: use plain markup with the kit's classes here.",
    );
    const themedImport = "import { Text } from '@/components/ui/themed/primitives';\nexport const t = Text;\n";
    await expect(problems('web/src/features/auth/components/x.tsx', themedImport)).resolves.toEqual([refusal]);
    await expect(problems('web/src/app/routes/home/my-scores.tsx', themedImport)).resolves.toEqual([refusal]);
    await expect(
      problems('web/src/components/ui/button/x.tsx', "import { Text } from '../themed/primitives';\nexport const t = Text;\n"),
    ).resolves.toEqual([refusal]);
    await expect(problems('web/src/features/billing/components/x.tsx', themedImport)).resolves.toEqual([]);
  });
});

describe('route paths', () => {
  it('refuses an app route written outside the route registry, in a string or a template', async () => {
    const refusal = 'Write app routes once, in web/src/config/paths.ts, and read them from `paths`.';
    await expect(
      problems('web/src/features/auth/x.tsx', "export const a = '/home/my-scores';\nexport const b = `/auth/login?email=${a}`;\n"),
    ).resolves.toEqual([refusal, refusal]);
    await expect(problems('web/src/config/paths.ts', "export const paths = { home: '/home' };\n")).resolves.toEqual([]);
  });
});

describe('jest.mock order', () => {
  const mockFirst = "jest.mock('./api-client', () => ({ callApi: jest.fn() }));\n";

  it('refuses a static import of a module the same file mocks, however its path is written', async () => {
    const refusal =
      "'@/lib/api-client' is jest.mock()ed in this file, but esbuild does not hoist jest.mock, so this import loads the real module: require it after the mock instead.";
    await expect(
      problems('web/src/lib/x.test.ts', `import { callApi } from '@/lib/api-client';\n${mockFirst}test('x', () => expect(callApi).toBeDefined());\n`),
    ).resolves.toEqual([refusal]);
  });

  it('accepts the module required after the mock, and a type-only import of it', async () => {
    const code = `import type { ApiClient } from './api-client';\n${mockFirst}const { callApi } = require('./api-client') as ApiClient;\ntest('x', () => expect(callApi).toBeDefined());\n`;
    await expect(problems('web/src/lib/x.test.ts', code)).resolves.toEqual([]);
  });
});
