/**
 * jsdom with the fetch API's classes, which every browser has and jsdom 20 lacks: React Router's data routers build a
 * Request for each navigation. Node's own classes are handed over, with Node's AbortController so that a Request
 * accepts the router's signal.
 */
const JsdomEnvironment = require('jest-environment-jsdom').default;

class JsdomWithFetchEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal']) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
