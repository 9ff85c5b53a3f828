import * as streams from 'node:stream/web';

/*
 * The jsdom environment in a VM context (vmThreads) leaves out the WHATWG stream classes that Node
 * itself has; MSW builds its mocked responses with them. Runs before the setup file imports MSW.
 */
const names = [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'ByteLengthQueuingStrategy',
  'CountQueuingStrategy',
] as const;
for (const name of names) {
  if (!(name in globalThis))
    Object.defineProperty(globalThis, name, { value: streams[name], writable: true, configurable: true });
}
