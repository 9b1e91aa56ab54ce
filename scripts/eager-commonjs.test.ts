import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { eagerWrappers } from './eager-commonjs.ts';

/** Runs a chunk's code with `__commonJSMin` as Rolldown's runtime defines it. */
function run(code: string): unknown {
  const runtime =
    'const __commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);';
  return runInNewContext(`${runtime}\n${code}\nrequire_lib();`);
}

describe('the eager CommonJS wrappers', () => {
  it('writes each wrapper as a parenthesised function, which behaves as the arrow did', () => {
    const code = [
      'var require_dep = /* @__PURE__ */ __commonJSMin(((exports) => {',
      '  exports.answer = 42;',
      '}));',
      'var require_lib = /* @__PURE__ */ __commonJSMin(((exports, module) => {',
      '  module.exports = { doubled: require_dep().answer * 2, scope: typeof this };',
      '}));',
    ].join('\n');
    const output = eagerWrappers(code)?.toString() ?? '';
    expect(output).toContain('__commonJSMin((function (exports) {');
    expect(output).toContain('__commonJSMin((function (exports, module) {');
    expect(output).not.toContain('=>');
    expect(run(output)).toEqual(run(code));
  });

  it('puts an arrow that was not in parentheses into them', () => {
    const code = 'var require_lib = __commonJSMin((exports, module) => { module.exports = 1; });';
    const output = eagerWrappers(code)?.toString() ?? '';
    expect(output).toBe(
      'var require_lib = __commonJSMin((function (exports, module) { module.exports = 1; }));',
    );
    expect(run(output)).toBe(1);
  });

  it('leaves other calls and chunks without CommonJS alone', () => {
    expect(eagerWrappers('export const f = (a) => { return a; };')).toBeNull();
    const code = 'var x = __commonJSMin; var y = other(((e) => { e.x = 1; }));';
    expect(eagerWrappers(code)).toBeNull();
  });
});
