import type { Plugin } from 'vite';

/**
 * React DOM's client module creates its sentinel errors while it initialises (HydrationMismatchException,
 * SuspenseException, SuspenseyCommitException, SuspenseActionException, SelectiveHydrationException: objects React
 * throws to unwind a render and catches itself, never shown). Where DevTools' Runtime domain is enabled (Lighthouse,
 * Playwright, an open DevTools), V8 records where each error was created, and for the first one it collects the source
 * positions of every function on the stack: here the bundler's wrapper of the whole 203 KB module, parsed again in the
 * middle of the entry's start-up task (the module's initialisation took 45-90 ms at 1× CPU under Lighthouse's
 * instrumentation against 3-14 ms without it, Dec 2026; 160-350 ms of a simulated 4× phone).
 *
 * During that initialisation only, `Error` builds its errors without a stack: the same prototype (`instanceof Error`,
 * `name`, `toString()`), the message as the native constructor sets it (own, non-enumerable), no stack captured. The
 * native constructor is back before the module's first function can run, and also when the initialisation throws (React
 * DOM throws there when React's version is not its own): the module's body runs inside `try`/`finally`. The module is
 * found by its path; if its strict-mode prologue is not where this expects it, the build fails rather than shipping the
 * module unchanged.
 */
export const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

const STRICT = '"use strict";';

/** The module's code with its initialisation's errors built without a stack (see the plugin). */
export function withSentinelErrors(code: string, id: string): string {
  const strict = code.indexOf(STRICT);
  // The directive must stay the first statement (only comments before it), or the module would run in sloppy mode.
  const beforeStrict =
    strict === -1
      ? null
      : code
          .slice(0, strict)
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .trim();
  if (beforeStrict !== '')
    throw new Error(`${id}: no "use strict" prologue to put the sentinel errors' constructor after`);
  const at = strict + STRICT.length;
  const swap =
    'var __nativeError = globalThis.Error;' +
    'globalThis.Error = Object.setPrototypeOf(function Error(message) {' +
    'var error = Object.create(__nativeError.prototype);' +
    'if (message !== undefined) Object.defineProperty(error, "message", { value: String(message), writable: true, configurable: true });' +
    'return error;' +
    '}, __nativeError);';
  // In strict mode the body's function declarations are hoisted to the block's start: the module means the same.
  return `${code.slice(0, at)}${swap}try {${code.slice(at)}\n} finally { globalThis.Error = __nativeError; }\n`;
}

/** The Vite plugin: React DOM's client module initialises without capturing stacks (withSentinelErrors). */
export function reactSentinelErrors(): Plugin {
  return {
    name: 'portal:react-sentinel-errors',
    apply: 'build',
    transform: {
      filter: { id: REACT_DOM_CLIENT },
      handler(code, id) {
        return { code: withSentinelErrors(code, id), map: null };
      },
    },
  };
}
