// Preloaded into a CLI run by thread-failures.test.ts (node --require): every figure a thread sends
// to the figure thread carries a function in its data, which structured clone refuses, as a figure
// did that held a value read from a plain object's prototype (a release word "constructor" looked up
// in a table of published numbers gave `Object`). Workers inherit node's options, so this runs in
// the benchmarks' threads as well as in the main thread.
const { MessagePort } = require('node:worker_threads');

const post = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (message, ...rest) {
  if (message && message.type === 'figure')
    message = { ...message, figure: { ...message.figure, spec: { ...message.figure.spec, usermeta: { word: Object } } } };
  return post.call(this, message, ...rest);
};
