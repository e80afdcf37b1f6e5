import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runInNewContext, runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { REACT_DOM_CLIENT, withSentinelErrors } from '../../scripts/react-sentinel-errors.ts';

const MODULE = `/** @license */
"use strict";
var Sentinel = Error("sentinel 460"),
  Constructed = new Error("sentinel 474"),
  Bare = Error();
exports.sentinels = [Sentinel, Constructed, Bare];
exports.later = function () { return Error("thrown at run time"); };
`;

/** Runs a CommonJS module's code in a realm of its own; its exports and that realm's global object. */
function runModule(code: string) {
  const realm = runInNewContext('globalThis') as typeof globalThis;
  const module = { exports: {} as { sentinels: Error[]; later: () => Error } };
  const factory = runInNewContext(`(function (module, exports) {${code}\n})`, realm) as (
    m: typeof module,
    e: typeof module.exports,
  ) => void;
  const nativeError = realm.Error;
  factory(module, module.exports);
  return { exports: module.exports, realm, nativeError };
}

describe('withSentinelErrors', () => {
  it('builds the errors made while the module initialises without a stack, as errors of the native kind', () => {
    const { exports, realm } = runModule(withSentinelErrors(MODULE, 'module.js'));
    const [sentinel, constructed, bare] = exports.sentinels;
    for (const error of [sentinel!, constructed!, bare!]) {
      expect(error).toBeInstanceOf(realm.Error);
      expect(error.name).toBe('Error');
      expect(error.stack).toBeUndefined();
      // The message is an own, non-enumerable property, as the native constructor makes it.
      expect(Object.keys(error)).toEqual([]);
    }
    expect(Object.getOwnPropertyDescriptor(sentinel, 'message')).toMatchObject({
      value: 'sentinel 460',
      enumerable: false,
    });
    expect(String(constructed)).toBe('Error: sentinel 474');
    expect(Object.hasOwn(bare!, 'message')).toBe(false);
    expect(String(bare)).toBe('Error');
  });

  it('gives the native constructor back once the module has initialised: later errors have their stacks', () => {
    const { exports, realm, nativeError } = runModule(withSentinelErrors(MODULE, 'module.js'));
    expect(realm.Error).toBe(nativeError);
    const later = exports.later();
    expect(later.stack).toMatch(/^Error: thrown at run time\n\s+at /);
    expect(Object.getPrototypeOf(later)).toBe(nativeError.prototype);
  });

  it('gives the native constructor back when the initialisation throws, and lets the error through', () => {
    const code = withSentinelErrors(
      `"use strict";\nexports.early = declaredBelow();\nthrow Error("incompatible versions");\nfunction declaredBelow() { return 1; }`,
      'throws.js',
    );
    const realm = runInNewContext('globalThis') as typeof globalThis;
    const nativeError = realm.Error;
    const module = { exports: {} as { early?: number } };
    const factory = runInNewContext(`(function (module, exports) {${code}\n})`, realm) as (
      m: typeof module,
      e: typeof module.exports,
    ) => void;
    expect(() => {
      factory(module, module.exports);
    }).toThrow('incompatible versions');
    expect(realm.Error).toBe(nativeError);
    // A function declared below its first use is still hoisted inside the body's block.
    expect(module.exports.early).toBe(1);
  });

  it('keeps the module in strict mode (the directive stays its first statement)', () => {
    const code = withSentinelErrors(
      `"use strict";\nexports.strict = (function () { return this === undefined; })();`,
      'm.js',
    );
    const module = { exports: {} as { strict?: boolean } };
    const factory = runInNewContext(`(function (module, exports) {${code}\n})`) as (
      m: typeof module,
      e: typeof module.exports,
    ) => void;
    factory(module, module.exports);
    expect(module.exports.strict).toBe(true);
  });

  it('fails the build on a module without the prologue it expects, instead of shipping it unchanged', () => {
    expect(() => withSentinelErrors('var a = Error("x");', 'a.js')).toThrow('a.js: no "use strict" prologue');
    expect(() => withSentinelErrors('var a = 1;\n"use strict";', 'b.js')).toThrow(
      'b.js: no "use strict" prologue',
    );
  });
});

describe('React DOM client module', () => {
  const require = createRequire(import.meta.url);
  const path = createRequire(require.resolve('react-dom/package.json')).resolve(
    './cjs/react-dom-client.production.js',
  );

  it('is the module the plugin transforms', () => {
    expect(REACT_DOM_CLIENT.test(path)).toBe(true);
  });

  it('creates its sentinel errors while it initialises, and with the transform none of them captures a stack', () => {
    const source = readFileSync(path, 'utf8');
    const moduleRequire = createRequire(path);
    // Counts the native constructor's calls during the module's initialisation.
    const run = (code: string): number => {
      const nativeError = globalThis.Error;
      let created = 0;
      globalThis.Error = new Proxy(nativeError, {
        apply: (target, self, args: [string?]) => {
          created += 1;
          return Reflect.apply(target, self, args);
        },
        construct: (target, args: [string?]) => {
          created += 1;
          return Reflect.construct(target, args);
        },
      });
      try {
        const module = { exports: {} as { createRoot?: unknown } };
        // The module's own code, read from node_modules, run as Node runs a CommonJS module.
        const factory = runInThisContext(`(function (module, exports, require, __dirname) {${code}\n})`) as (
          m: typeof module,
          e: typeof module.exports,
          r: NodeJS.Require,
          d: string,
        ) => void;
        factory(module, module.exports, moduleRequire, dirname(path));
        expect(typeof module.exports.createRoot).toBe('function');
      } finally {
        globalThis.Error = nativeError;
      }
      return created;
    };
    // React 19.3: HydrationMismatchException, SuspenseException, SuspenseyCommitException, SuspenseActionException,
    // SelectiveHydrationException.
    expect(run(source)).toBeGreaterThanOrEqual(5);
    expect(run(withSentinelErrors(source, path))).toBe(0);
  });
});
