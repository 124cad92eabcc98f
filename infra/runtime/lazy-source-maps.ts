/**
 * Readable stack traces without paying for the source map at every cold start. esbuild injects this file into every
 * function bundle (infra/lib/functions.ts, `inject`); the map is shipped beside the code (index.js.map) but Node does
 * not load it at start (no --enable-source-maps). The first time a stack trace is formatted (an error's `stack` is
 * read: a log line, an uncaught error), the map is read once and every location in the bundle is rewritten to the
 * TypeScript source, file:line:column. Errors whose stack nobody reads cost nothing (docs/performance.md, "Cold starts").
 *
 * Runs on Node 20 and on the Lambda runtime alike: `node:module`'s SourceMap and Error.prepareStackTrace are in both.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';

/** Formats stack traces with the source locations of `bundle` (its map read at the first stack trace, not before). */
export function installLazySourceMaps(bundle: string): void {
  let map: SourceMap | null | undefined;
  const sourceMap = (): SourceMap | null => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
      } catch {
        map = null; // no map beside the bundle: locations stay as they are
      }
    }
    return map;
  };
  type Entry = { originalSource?: string; originalLine?: number; originalColumn?: number; name?: string };
  const find = (line: number | null, column: number | null): Entry | undefined => {
    if (!line || !column) return undefined;
    try {
      return sourceMap()?.findEntry(line - 1, column - 1) as Entry | undefined;
    } catch {
      return undefined;
    }
  };
  const sourcePath = (source: string) => (source.startsWith('file://') ? new URL(source).pathname : resolve(dirname(bundle), source));
  const mapped = (entry: Entry | undefined): string | undefined =>
    entry?.originalSource && entry.originalLine !== undefined && entry.originalColumn !== undefined
      ? `${sourcePath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`
      : undefined;

  // One frame of this bundle as Node's --enable-source-maps writes it: the source location, and the source name of the
  // enclosing function (or, failing that, the name at the caller's call site in the same file).
  const formatFrame = (frame: NodeJS.CallSite, next: NodeJS.CallSite | undefined): string | undefined => {
    const where = mapped(find(frame.getLineNumber(), frame.getColumnNumber()));
    if (!where) return undefined;
    const enclosing = find(frame.getEnclosingLineNumber?.() ?? null, frame.getEnclosingColumnNumber?.() ?? null);
    const callerName = next?.getFileName() === bundle ? find(next.getLineNumber(), next.getColumnNumber())?.name : undefined;
    const typeName = frame.getTypeName();
    const ownName = `${typeName && typeName !== 'global' ? `${typeName}.` : ''}${frame.getFunctionName() ?? frame.getMethodName() ?? '<anonymous>'}`;
    const name = enclosing?.name ?? callerName ?? ownName;
    const prefix = frame.isAsync() ? 'async ' : frame.isConstructor() ? 'new ' : '';
    return `at ${prefix}${name} (${where})`;
  };

  // Fallback when the text is not one line per frame: rewrite this bundle's locations wherever they appear.
  const escaped = bundle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const location = new RegExp(`${escaped}:(\\d+):(\\d+)`, 'g');
  const mapLocations = (text: string): string =>
    text.replace(location, (whole, line: string, column: string) => mapped(find(Number(line), Number(column))) ?? whole);

  // Node's own formatter (Node 20 and later expose it as Error.prepareStackTrace) or whichever hook came first writes
  // the text; this only rewrites the lines of this bundle's frames (the last lines of the text, one per frame).
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (error, frames) => {
    let formatted: unknown;
    if (previous) formatted = previous(error, frames);
    else {
      let header: string;
      try {
        header = Error.prototype.toString.call(error);
      } catch {
        header = 'Error';
      }
      formatted = [header, ...frames.map((frame) => `    at ${String(frame)}`)].join('\n');
    }
    if (typeof formatted !== 'string' || !frames.some((frame) => frame.getFileName() === bundle)) return formatted;
    const lines = formatted.split('\n');
    const first = lines.length - frames.length;
    if (first < 1 || !frames.every((_, index) => /^\s+at /.test(lines[first + index]))) return mapLocations(formatted);
    frames.forEach((frame, index) => {
      if (frame.getFileName() !== bundle) return;
      const line = formatFrame(frame, frames[index + 1]);
      if (line) lines[first + index] = lines[first + index].replace(/at .*$/, line);
    });
    return lines.join('\n');
  };
}

// In the CommonJS bundle, __filename is the bundle (index.js) itself.
if (typeof __filename === 'string' && /\.c?js$/.test(__filename)) installLazySourceMaps(__filename);
