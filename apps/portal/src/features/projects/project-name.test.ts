import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX_LENGTH, projectNameRules } from './project-name';

describe('project name rules (spec part 5)', () => {
  it('filters typed and pasted text to the characters of the configured class, keeping their order', () => {
    const { filter, maxLength } = projectNameRules('[A-Za-z0-9 _.\\-]');
    expect(filter('Contoso <script>DC-1</script> & co!')).toBe('Contoso scriptDC-1script  co');
    expect(filter('Ünïcode_ok.2026')).toBe('ncode_ok.2026');
    expect(maxLength).toBe(PROJECT_NAME_MAX_LENGTH);
  });

  it('reads a whole-name pattern as its character class and its upper length bound', () => {
    const { filter, maxLength } = projectNameRules("^[A-Za-z0-9 _.,()'&-]{1,100}$");
    expect(maxLength).toBe(100);
    expect(filter("Tom's (DC) & co; <b>")).toBe("Tom's (DC) & co b");
    expect(filter('x'.repeat(150))).toHaveLength(100);
  });

  it('allows everything (up to the maximum length) when there is no pattern', () => {
    const { filter } = projectNameRules(undefined);
    expect(filter('Any <text>!')).toBe('Any <text>!');
    expect(filter('y'.repeat(300))).toHaveLength(PROJECT_NAME_MAX_LENGTH);
  });
});
