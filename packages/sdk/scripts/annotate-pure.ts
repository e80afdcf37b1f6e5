// Part of generation (run by `generate` after openapi-ts): hey-api emits the schemas as top-level zod and valibot
// builder calls (`export const zProject = z.object({...})`, `v.object(...)`), which bundlers must keep because a call
// might have side effects — so one used schema drags in all of them. Marking every `z.<builder>(` and `v.<builder>(`
// call `/* @__PURE__ */` lets esbuild, Rollup/Rolldown and webpack drop the schemas an app doesn't use, keeping the
// generated code tree-shakable.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FILES = ['../src/gen/zod.gen.ts', '../src/gen/valibot.gen.ts', '../src/gen/sdk.gen.ts'];
// Builders only: `v.parseAsync(schema, data)` inside a validator runs a check, its result is what the validator returns.
const BUILDER_CALL = /(?<![\w.$])([zv])\.(?!parse|safeParse)(\w+)\(/g;
// Control, format and line-separator characters (none belongs in generated source as such).
const UNSAFE_CHARS =
  // eslint-disable-next-line no-control-regex -- matching exactly these characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF]/g;
const ANNOTATION = '/* @__PURE__ */ ';

for (const file of FILES) {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const source = readFileSync(path, 'utf8');
  if (source.includes(ANNOTATION)) throw new Error(`${file} is already annotated: run openapi-ts first`);
  let count = 0;
  // hey-api decodes a pattern's \uXXXX escapes into the characters themselves: a NUL or U+2028 (a line terminator)
  // inside a regex literal breaks the file, bidi controls hide in it. Written back as escapes (same regex).
  const escaped = source.replace(
    UNSAFE_CHARS,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
  const annotated = escaped.replace(BUILDER_CALL, (_match, namespace: string, builder: string) => {
    count += 1;
    return `${ANNOTATION}${namespace}.${builder}(`;
  });
  writeFileSync(path, annotated);
  console.log(`annotate-pure: ${count} builder calls in ${file.replace('../', '')}`);
}
