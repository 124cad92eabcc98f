/**
 * The FitGauge app for the infra tests: synthesized as `cdk synth` builds it (cdk.json's context) from a stand-in web
 * build, and read across its nested stacks (infra/lib/fitgauge-stack.ts): each nested template, and a value of one as the
 * root stack hands it over (a nested template names a root resource through a parameter the root fills in).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import cdkJson from '../../cdk.json';
import { defineFitGauge } from '../../infra/lib/app';
import type { FitGaugeStack } from '../../infra/lib/fitgauge-stack';

interface SynthesizedApp {
  readonly app: App;
  readonly stack: FitGaugeStack;
  readonly assembly: CloudAssembly;
  /** Removes the stand-in web build. */
  readonly dispose: () => void;
}

/**
 * Synthesizes the app with `context` over cdk.json's, its site from a stand-in for web/dist (so the test does not depend
 * on whether the web app was built). `bundle: false` skips the Lambdas' esbuild bundling, the slow part, for tests that
 * run no function code.
 */
export function synthesizeFitGauge({ bundle, context = {} }: { bundle: boolean; context?: Record<string, unknown> }): SynthesizedApp {
  const webDist = mkdtempSync(join(tmpdir(), 'fitgauge-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>FitGauge</title><script src="/assets/app-1.js"></script>');
  writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log("app")');
  const app = new App({
    context: { ...cdkJson.context, webDistPath: webDist, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
  });
  const stack = defineFitGauge(app);
  const assembly = app.synth();
  return { app, stack, assembly, dispose: () => rmSync(webDist, { recursive: true, force: true }) };
}

export type NestedName = keyof FitGaugeStack['nestedStacks'];

export function nestedTemplates(stack: FitGaugeStack): Record<NestedName, Template> {
  const { resolvers, jobs, monitoring } = stack.nestedStacks;
  return { resolvers: Template.fromStack(resolvers), jobs: Template.fromStack(jobs), monitoring: Template.fromStack(monitoring) };
}

const parametersOf = new WeakMap<NestedStack, Record<string, unknown>>();

/** `value` of a nested template with each of its parameters replaced by what the root stack passes to it. */
export function inRoot(stack: FitGaugeStack, nested: NestedStack, value: unknown): unknown {
  let parameters = parametersOf.get(nested);
  if (!parameters) {
    const id = Stack.of(stack).getLogicalId(nested.nestedStackResource!);
    const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Properties: { Parameters?: Record<string, unknown> } }>;
    parameters = resources[id]?.Properties.Parameters ?? {};
    parametersOf.set(nested, parameters);
  }
  const known = parameters;
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && ref in known) return known[ref];
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, replace(child)]));
  };
  return replace(value);
}
