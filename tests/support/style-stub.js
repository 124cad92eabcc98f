/** What a component's CSS import gives in jest: nothing (styles are Vite's business). */
module.exports = {};
