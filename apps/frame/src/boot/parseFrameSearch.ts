/** The shared parser of the frame URL's options, as a chunk of its own (see readInitialState). */
export { parseFrameSearch } from '@latch/protocol';
