/** What a stylesheet import gives a component test (jest.config.js): nothing. */
module.exports = {};
