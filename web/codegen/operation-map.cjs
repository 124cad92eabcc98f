// @ts-check
/**
 * A GraphQL Code Generator plugin: the `Operations` interface, keyed by each operation's document exactly as it is
 * written in its `gqlOperation(/* GraphQL *\/ `...`)` call, giving the types typescript-operations generated for it.
 * gqlOperation (web/src/lib/api-client.ts) takes the key, so an operation's types are read from its own document
 * and a changed document fails typecheck until `npm run codegen` runs. Types only: it adds no code to the bundle.
 */
const { convertFactory } = require('@graphql-codegen/visitor-plugin-common');
const { Kind } = require('graphql');

const SUFFIX = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

/** @type {import('@graphql-codegen/plugin-helpers').PluginFunction} */
exports.plugin = (_schema, documents, config) => {
  // The names typescript-operations gives (its namingConvention): UpdateShareFGScore's types are UpdateShareFgScore...
  const convert = convertFactory(config);
  const entries = new Map();
  for (const { rawSDL, document, location } of documents) {
    const operations = (document?.definitions ?? []).filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    if (operations.length !== 1 || !operations[0].name) {
      throw new Error(`${location}: each gqlOperation document holds exactly one named operation`);
    }
    const name = convert(operations[0].name.value) + SUFFIX[operations[0].operation];
    const key = JSON.stringify(rawSDL);
    if (entries.has(key) && entries.get(key) !== name) throw new Error(`${location}: the same document is written twice with two names`);
    entries.set(key, name);
  }
  const lines = [...entries].map(([key, name]) => `  ${key}: { data: ${name}; variables: ${name}Variables };`);
  return `\n/** Each operation's document, as written in its gqlOperation call, and its generated types. */\nexport interface Operations {\n${lines.join('\n')}\n}\n`;
};
