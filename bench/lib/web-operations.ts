import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse } from 'graphql';

const root = join(__dirname, '../..');

/**
 * The text of a GraphQL operation as a web api module sends it: the `gqlOperation(/* GraphQL *\/ `...`)` literal of
 * `file` (a path from the repository's root) whose operation is `name`. Read from the source rather than imported:
 * the api modules pull in the browser's Amplify client.
 */
export function webOperation(file: string, name: string): string {
  const source = readFileSync(join(root, file), 'utf8');
  const documents = [...source.matchAll(/gqlOperation\(\s*\/\* GraphQL \*\/\s*`([^`]*)`/g)].map((match) => match[1]!);
  const found = documents.find((document) =>
    parse(document).definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === name),
  );
  if (!found) throw new Error(`${file} has no operation ${name}`);
  return found;
}
