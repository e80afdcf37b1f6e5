import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Documentation rule of the kit (README, "Conventions"): every member of every exported interface or
 * object type of the kit's source (component props, option and label shapes) has JSDoc, and every
 * optional member says its `@default`. Props inherited from React Aria are documented there; the ones a
 * component relies on are re-declared with our docs.
 */
const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|stories)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

interface Member {
  where: string;
  hasDoc: boolean;
  isOptional: boolean;
  hasDefault: boolean;
}

function exportedMembers(file: string): Member[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const members: Member[] = [];
  for (const statement of sf.statements) {
    const isExported =
      ts.canHaveModifiers(statement) &&
      (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!isExported) continue;
    let name: string;
    let list: ts.NodeArray<ts.TypeElement>;
    if (ts.isInterfaceDeclaration(statement)) {
      name = statement.name.text;
      list = statement.members;
    } else if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type)) {
      name = statement.name.text;
      list = statement.type.members;
    } else continue;
    for (const m of list) {
      if (!ts.isPropertySignature(m) && !ts.isMethodSignature(m)) continue;
      const hasDoc = ts.getJSDocCommentsAndTags(m).some((d) => ts.isJSDoc(d));
      members.push({
        where: `${relative(SRC, file)} ${name}.${m.name.getText(sf)}`,
        hasDoc,
        isOptional: m.questionToken !== undefined,
        hasDefault: ts.getJSDocTags(m).some((t) => t.tagName.text === 'default'),
      });
    }
  }
  return members;
}

const members = sourceFiles(SRC).flatMap(exportedMembers);

describe('props documentation', () => {
  it('finds the props of the kit (sanity check of the parser)', () => {
    expect(members.length).toBeGreaterThan(300);
    expect(members.map((m) => m.where)).toContain('dialog/Dialog.tsx DialogProps.isDismissable');
    expect(members.map((m) => m.where)).toContain('table/DataTable.tsx DataTableProps.selectionMode');
  });

  it('every exported prop has JSDoc', () => {
    expect(members.filter((m) => !m.hasDoc).map((m) => m.where)).toEqual([]);
  });

  it('every optional prop has an @default', () => {
    expect(members.filter((m) => m.isOptional && !m.hasDefault).map((m) => m.where)).toEqual([]);
  });
});
