import type { UploadSettings } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import {
  blockingFiles,
  checkBatch,
  FILE_RULE_KEYS,
  fileRuleKey,
  isMixed,
  limitsFrom,
  submitBlocker,
  submitBlockerKey,
  type RuleFile,
} from './file-rules';

const MB = 1024 * 1024;
const settings: UploadSettings = {
  MaxFileSizeMb: 100,
  MaxCombinedSizeMb: 250,
  ProjectNamePattern: '[A-Za-z0-9 _.\\-]',
  AllowedExtensions: ['iokit', 'siokit'],
  UploadTypes: ['server', 'storage-protection'],
};
const limits = limitsFrom(settings);

describe('the iokit upload rules (spec part 5)', () => {
  it('uses the spec message keys', () => {
    expect(FILE_RULE_KEYS).toEqual({
      type: 'only_iokit_allowed',
      size: 'only_iokit_lessthen_hundred_mb_allowed',
      typeAndSize: 'only_iokit_and_lessthen_hundred_mb_allowed',
      combined: 'siokit_upload_combined_file_size_exceeded_limit',
      noFiles: 'nofiles',
    });
  });

  it('takes the limits from the upload settings call', () => {
    expect(limitsFrom(settings)).toEqual({
      extensions: ['iokit', 'siokit'],
      maxFileBytes: 100 * MB,
      maxCombinedBytes: 250 * MB,
    });
    const small = limitsFrom({ ...settings, MaxFileSizeMb: 1, MaxCombinedSizeMb: 2 });
    expect(fileRuleKey({ name: 'a.iokit', size: MB }, small, 0)).toBeNull();
    expect(fileRuleKey({ name: 'a.iokit', size: MB + 1 }, small, 0)).toBe(
      'only_iokit_lessthen_hundred_mb_allowed',
    );
    expect(fileRuleKey({ name: 'a.iokit', size: MB }, small, MB + 1)).toBe(
      'siokit_upload_combined_file_size_exceeded_limit',
    );
    const siokitOnly = limitsFrom({ ...settings, AllowedExtensions: ['siokit'] });
    expect(fileRuleKey({ name: 'a.iokit', size: 1 }, siokitOnly, 0)).toBe('only_iokit_allowed');
  });

  it('accepts only iokit and siokit files, in any case', () => {
    expect(fileRuleKey({ name: 'a.iokit', size: 1 }, limits, 0)).toBeNull();
    expect(fileRuleKey({ name: 'B.SIOKIT', size: 1 }, limits, 0)).toBeNull();
    expect(fileRuleKey({ name: 'a.txt', size: 1 }, limits, 0)).toBe('only_iokit_allowed');
    expect(fileRuleKey({ name: 'iokit', size: 1 }, limits, 0)).toBe('only_iokit_allowed');
    expect(fileRuleKey({ name: 'a.iokit.zip', size: 1 }, limits, 0)).toBe('only_iokit_allowed');
  });

  it('allows a file of exactly the per-file limit, refuses one byte more, and both rules together', () => {
    expect(fileRuleKey({ name: 'a.iokit', size: 100 * MB }, limits, 0)).toBeNull();
    expect(fileRuleKey({ name: 'a.iokit', size: 100 * MB + 1 }, limits, 0)).toBe(
      'only_iokit_lessthen_hundred_mb_allowed',
    );
    expect(fileRuleKey({ name: 'a.doc', size: 100 * MB + 1 }, limits, 0)).toBe(
      'only_iokit_and_lessthen_hundred_mb_allowed',
    );
  });

  it('counts the combined limit over the accepted files of a batch, in order', () => {
    const keys = checkBatch(
      [
        { name: 'a.iokit', size: 100 * MB },
        { name: 'bad.txt', size: 100 * MB },
        { name: 'b.iokit', size: 100 * MB },
        { name: 'c.iokit', size: 60 * MB },
        { name: 'd.iokit', size: 50 * MB },
      ],
      limits,
      0,
    );
    expect(keys).toEqual([
      null,
      'only_iokit_allowed',
      null,
      'siokit_upload_combined_file_size_exceeded_limit',
      null,
    ]);
    expect(checkBatch([{ name: 'e.iokit', size: 1 }], limits, 250 * MB)).toEqual([
      'siokit_upload_combined_file_size_exceeded_limit',
    ]);
  });
});

const f = (name: string, status: RuleFile['status'] = 'done', ruleKey: string | null = null): RuleFile => ({
  name,
  status,
  ruleKey,
});

describe('the submit rule (spec part 4)', () => {
  it('needs at least one file (nofiles)', () => {
    expect(submitBlocker([])).toBe('no-files');
    expect(submitBlockerKey('no-files')).toBe('nofiles');
  });

  it('refuses iokit and siokit mixed (the type error); refused files do not count as a kind', () => {
    const mixed = [f('a.iokit'), f('b.siokit')];
    expect(isMixed(mixed)).toBe(true);
    expect(submitBlocker(mixed)).toBe('mixed-types');
    expect(submitBlockerKey('mixed-types')).toBe('only_iokit_allowed');
    expect(isMixed([f('a.iokit'), f('b.siokit', 'error', 'only_iokit_lessthen_hundred_mb_allowed')])).toBe(
      false,
    );
    expect(isMixed([f('a.iokit'), f('B.IOKIT')])).toBe(false);
  });

  it('refuses refused (wrong type, oversized) and failed files, listing them (iokit_cant_continue)', () => {
    const files = [f('a.iokit'), f('b.txt', 'error', 'only_iokit_allowed'), f('c.iokit', 'error')];
    expect(submitBlocker(files)).toBe('failed-files');
    expect(submitBlockerKey('failed-files')).toBe('iokit_cant_continue');
    expect(blockingFiles(files)).toEqual(['b.txt', 'c.iokit']);
  });

  it('waits for every file to complete, then allows submit', () => {
    expect(submitBlocker([f('a.iokit'), f('b.iokit', 'uploading')])).toBe('pending');
    expect(submitBlocker([f('a.iokit'), f('b.iokit', 'queued')])).toBe('pending');
    expect(submitBlockerKey('pending')).toBeNull();
    expect(submitBlocker([f('a.iokit'), f('b.iokit')])).toBeNull();
    expect(submitBlockerKey(null)).toBeNull();
  });
});
