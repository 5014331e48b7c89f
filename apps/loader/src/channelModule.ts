// Entry of dist/loader-channel.js: penpal and the validating host methods, fetched by loader.js
// when the first frame mounts. The iframe itself is created at once, without waiting for this.
export { connectFrame } from './penpalConnect';
