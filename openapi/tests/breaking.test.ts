// Breaking changes caught (issue #38): the contract compared with the last released one (scripts/breaking.ts).
// One breaking and one compatible change planted in the released contract: only the first is refused, and only
// until a major changeset of a package carrying the contract names it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  breakingChanges,
  readChangesets,
  RELEASED_JSON,
  unannounced,
  type Changeset,
} from '../scripts/breaking.ts';

type Json = Record<string, unknown>;
const released = JSON.parse(readFileSync(RELEASED_JSON, 'utf8')) as Json;
/** The object at a path of keys in a contract (planting changes in its JSON tree). */
const at = (doc: Json, ...keys: string[]): Json => keys.reduce((node, key) => node[key] as Json, doc);
const copy = (): Json => structuredClone(released);
const messages = (current: Json) => breakingChanges(released, current).map((c) => c.message);

const major = (summary: string): Changeset => ({
  file: 'x.md',
  releases: { '@assessment/sdk': 'major' },
  summary,
});

describe('breaking changes against the released contract', () => {
  it('the released contract breaks nothing against itself', () => {
    expect(breakingChanges(released, copy())).toEqual([]);
  });

  it('refuses the breaking change of two planted and lets the compatible one pass', () => {
    const current = copy();
    // Compatible: a new optional query parameter.
    (at(current, 'paths', '/api/projects', 'get').parameters as Json[]).push({
      name: 'planted',
      in: 'query',
      required: false,
      schema: { type: 'string' },
    });
    // Breaking: a new required query parameter on getProject.
    (at(current, 'paths', '/api/projects/{id}', 'get').parameters as Json[]).push({
      name: 'tenant',
      in: 'query',
      required: true,
      schema: { type: 'string' },
    });
    expect(messages(current)).toEqual([
      'getProject (GET /api/projects/{id}): new required parameter: query tenant',
    ]);
  });

  it('names each class: removed operation, changed operationId, narrowed enum, changed type, required property, removed answer property', () => {
    const current = copy();
    delete at(current, 'paths', '/api/projects/{id}').delete;
    at(current, 'paths', '/api/projects', 'get').operationId = 'listAllProjects';
    const theater = at(current, 'components', 'schemas', 'Theater');
    theater.enum = (theater.enum as string[]).slice(1);
    const project = at(current, 'components', 'schemas', 'Project');
    at(project, 'properties').Id = { type: 'string' };
    project.required = (project.required as string[]).filter((name) => name !== 'Name');
    const found = messages(current).join('\n');
    expect(found).toContain('deleteProject (DELETE /api/projects/{id}): operation removed');
    expect(found).toContain('listProjects (GET /api/projects): operationId changed to listAllProjects');
    expect(found).toMatch(/enum narrowed \(no longer accepts "\w+"\)/);
    expect(found).toContain('getProject (GET /api/projects/{id}): answer 200');
    expect(found).toMatch(/\.Id: type changed from integer to string/);
    expect(found).toMatch(/property Name no longer required/);
  });

  it('a new required property of a request body is breaking; a new property of an answer is not', () => {
    const current = copy();
    const body = at(current, 'components', 'schemas', 'ShareRequest');
    at(body, 'properties').Planted = { type: 'string' };
    body.required = [...((body.required as string[] | undefined) ?? []), 'Planted'];
    const project = at(current, 'components', 'schemas', 'Project');
    at(project, 'properties').AlsoPlanted = { type: 'string' };
    expect(messages(current)).toEqual([
      'shareProject (POST /api/projects/share): request body: new required property Planted',
    ]);
  });

  it('a major changeset of the SDK or conformance that names the operation lets the break through; others do not', () => {
    const current = copy();
    delete at(current, 'paths', '/api/projects/{id}').delete;
    const changes = breakingChanges(released, current);
    expect(unannounced(changes, [])).toEqual(changes);
    expect(unannounced(changes, [major('deleteProject is removed: archive projects instead.')])).toEqual([]);
    expect(unannounced(changes, [major('Projects can no longer be deleted.')])).toEqual(changes);
    expect(
      unannounced(changes, [
        { file: 'x.md', releases: { '@assessment/sdk': 'minor' }, summary: 'deleteProject is removed.' },
      ]),
    ).toEqual(changes);
    expect(
      unannounced(changes, [
        { file: 'x.md', releases: { '@assessment/ui': 'major' }, summary: 'deleteProject is removed.' },
      ]),
    ).toEqual(changes);
  });

  it('reads the bumps and the text of changeset files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'changesets-'));
    writeFileSync(path.join(dir, 'README.md'), '# not a changeset');
    writeFileSync(
      path.join(dir, 'gone.md'),
      '---\n\'@assessment/sdk\': major\n"@assessment/ui": patch\n---\n\ndeleteProject is removed.\n',
    );
    expect(readChangesets(dir)).toEqual([
      {
        file: 'gone.md',
        releases: { '@assessment/sdk': 'major', '@assessment/ui': 'patch' },
        summary: 'deleteProject is removed.',
      },
    ]);
  });
});
