import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import {
  checkFiles,
  FileDropZone,
  formatBytes,
  IOKIT_EXTENSIONS,
  IOKIT_MAX_FILE_BYTES,
  IOKIT_MAX_FILE_MB,
  IOKIT_NO_FILES_KEY,
  IOKIT_REJECTION_KEYS,
  iokitMessageKey,
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
  LOGO_MAX_KB,
  uploadSubmitBlocker,
  uploadSubmitMessageKey,
  useUploadQueue,
  type UploadContext,
  type UploadItem,
} from './index';

const MB = 1024 * 1024;

/** A File whose size is faked (no real bytes are allocated). */
function fakeFile(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fileInput(container: HTMLElement): HTMLInputElement {
  return container.querySelector('input[type="file"]')!;
}

describe('upload rules', () => {
  it('has the spec limits for iokit and logo uploads', () => {
    expect(IOKIT_EXTENSIONS).toEqual(['iokit', 'siokit']);
    expect(IOKIT_MAX_FILE_MB).toBe(100);
    expect(IOKIT_MAX_FILE_BYTES).toBe(100 * MB);
    expect(LOGO_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'gif']);
    expect(LOGO_MAX_KB).toBe(1024);
    expect(LOGO_MAX_BYTES).toBe(1024 * 1024);
  });

  it('checks extension, then per-file size, then the combined size including queued bytes', () => {
    const rules = {
      acceptedExtensions: IOKIT_EXTENSIONS,
      maxFileBytes: IOKIT_MAX_FILE_BYTES,
      maxTotalBytes: 250 * MB,
    };
    const files = [
      fakeFile('a.iokit', 90 * MB),
      fakeFile('b.txt', 1),
      fakeFile('c.SIOKIT', 100 * MB + 1),
      fakeFile('d.siokit', 100 * MB),
      fakeFile('e.iokit', 20 * MB),
      fakeFile('f.iokit', 10 * MB),
    ];
    const { accepted, rejected } = checkFiles(files, rules, 50 * MB);
    expect(accepted.map((f) => f.name)).toEqual(['a.iokit', 'd.siokit', 'f.iokit']);
    expect(rejected.map((r) => [r.file.name, r.reason])).toEqual([
      ['b.txt', 'type'],
      ['c.SIOKIT', 'size'],
      ['e.iokit', 'combined-size'],
    ]);
  });

  it('maps iokit rejections to the spec message keys', () => {
    const f = fakeFile('x', 1);
    expect(IOKIT_REJECTION_KEYS).toEqual({
      type: 'only_iokit_allowed',
      size: 'only_iokit_lessthen_hundred_mb_allowed',
      'combined-size': 'siokit_upload_combined_file_size_exceeded_limit',
    });
    expect(IOKIT_NO_FILES_KEY).toBe('nofiles');
    expect(iokitMessageKey([])).toBeNull();
    expect(iokitMessageKey([{ file: f, reason: 'type' }])).toBe('only_iokit_allowed');
    expect(iokitMessageKey([{ file: f, reason: 'size' }])).toBe('only_iokit_lessthen_hundred_mb_allowed');
    expect(
      iokitMessageKey([
        { file: f, reason: 'size' },
        { file: f, reason: 'type' },
      ]),
    ).toBe('only_iokit_and_lessthen_hundred_mb_allowed');
    expect(iokitMessageKey([{ file: f, reason: 'combined-size' }])).toBe(
      'siokit_upload_combined_file_size_exceeded_limit',
    );
  });

  it('allows submit only with files, not mixing iokit and siokit, all completed and none failed', () => {
    const done = (name: string) => ({ name, status: 'done' as const });
    expect(uploadSubmitBlocker([])).toBe('no-files');
    expect(uploadSubmitMessageKey([])).toBe('nofiles');
    expect(uploadSubmitBlocker([done('a.iokit'), done('b.SIOKIT')])).toBe('mixed-types');
    expect(uploadSubmitMessageKey([done('a.iokit'), done('b.siokit')])).toBe('only_iokit_allowed');
    expect(uploadSubmitBlocker([done('a.iokit'), { name: 'b.iokit', status: 'error' }])).toBe('error');
    expect(uploadSubmitBlocker([done('a.iokit'), { name: 'b.iokit', status: 'uploading' }])).toBe('pending');
    expect(uploadSubmitBlocker([{ name: 'a.siokit', status: 'queued' }])).toBe('pending');
    expect(uploadSubmitMessageKey([{ name: 'a.siokit', status: 'queued' }])).toBeNull();
    expect(uploadSubmitBlocker([done('a.iokit'), done('B.IOKIT')])).toBeNull();
    expect(uploadSubmitMessageKey([done('a.siokit')])).toBeNull();
  });

  it('accepts a logo of exactly 1024 KB and refuses one byte more', () => {
    const rules = { acceptedExtensions: LOGO_EXTENSIONS, maxFileBytes: LOGO_MAX_BYTES };
    expect(checkFiles([fakeFile('logo.PNG', 1024 * 1024)], rules, 0).accepted).toHaveLength(1);
    expect(checkFiles([fakeFile('logo.gif', 1024 * 1024 + 1)], rules, 0).rejected[0]!.reason).toBe('size');
    expect(checkFiles([fakeFile('logo.bmp', 10)], rules, 0).rejected[0]!.reason).toBe('type');
    expect(formatBytes(LOGO_MAX_BYTES)).toBe('1 MB');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(11)).toBe('11 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    // The culture's own words and separators, through Intl (issue #40: never "11 bytes" in German).
    expect(formatBytes(11, 'de-DE')).toBe('11 Byte');
    expect(formatBytes(1536, 'de-DE')).toBe('1,5 kB');
    expect(formatBytes(11, 'ja-JP')).toBe('11 バイト');
    expect(formatBytes(1536, 'fr-FR')).toBe('1,5\u202fko');
  });
});

describe('FileDropZone', () => {
  it('queues accepted files and lists each refused file with its reason, never dropping queued files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFilesRejected = vi.fn();
    function Harness() {
      const [items, setItems] = useState<UploadItem[]>([
        { id: 'q1', name: 'queued.iokit', size: 60 * MB, status: 'done' },
      ]);
      return (
        <FileDropZone
          items={items}
          acceptedExtensions={IOKIT_EXTENSIONS}
          maxFileBytes={IOKIT_MAX_FILE_BYTES}
          maxTotalBytes={100 * MB}
          onFilesRejected={onFilesRejected}
          onFilesAccepted={(files) => {
            setItems((prev) => [
              ...prev,
              ...files.map((f) => ({ id: f.name, name: f.name, size: f.size, status: 'queued' as const })),
            ]);
          }}
        />
      );
    }
    const { container } = render(<Harness />);
    expect(
      screen.getByText('Accepted: .iokit, .siokit. Up to 100 MB per file. Up to 100 MB in total.'),
    ).toBeInTheDocument();
    expect(fileInput(container)).toHaveAttribute('accept', '.iokit,.siokit');
    await user.upload(fileInput(container), [
      fakeFile('run.iokit', 30 * MB),
      fakeFile('notes.pdf', 10),
      fakeFile('huge.siokit', 101 * MB),
      fakeFile('more.iokit', 20 * MB),
    ]);
    const queue = screen.getByRole('list', { name: 'Files' });
    expect(
      within(queue)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.ui-file-drop-zone__name')?.textContent),
    ).toEqual(['queued.iokit', 'run.iokit']);
    const rejected = screen.getByRole('list', { name: 'Files not added' });
    expect(
      within(rejected)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'notes.pdf: only .iokit, .siokit files are accepted.',
      'huge.siokit: larger than 100 MB.',
      'more.iokit: the files together would exceed 100 MB.',
    ]);
    expect(onFilesRejected).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('1 file added. 3 files not added.');
  });

  it('shows the status of every queued file', () => {
    render(
      <FileDropZone
        onFilesAccepted={() => undefined}
        onRemove={() => undefined}
        items={[
          { id: '1', name: 'a.iokit', size: 2048, status: 'queued' },
          { id: '2', name: 'b.iokit', size: 2048, status: 'uploading', progress: 40 },
          { id: '3', name: 'c.iokit', size: 2048, status: 'done' },
          { id: '4', name: 'd.iokit', size: 2048, status: 'error', errorMessage: 'Server error 500' },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-status'))).toEqual([
      'queued',
      'uploading',
      'done',
      'error',
    ]);
    expect(within(items[0]!).getByText('Queued')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('progressbar', { name: 'b.iokit' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(items[2]!).getByText('Uploaded')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Server error 500')).toBeInTheDocument();
    expect(within(items[3]!).getByText('2 kB')).toBeInTheDocument();
  });

  it('says sizes in the reader’s culture: the I18nProvider’s locale, or the size label the app passes', () => {
    const item = { id: '1', name: 'a.iokit', size: 11, status: 'queued' as const };
    const { unmount } = render(
      <I18nProvider locale="de-DE">
        <FileDropZone items={[item]} onFilesAccepted={vi.fn()} />
      </I18nProvider>,
    );
    expect(screen.getByText('11 Byte')).toBeInTheDocument();
    unmount();
    render(
      <FileDropZone
        items={[item]}
        onFilesAccepted={vi.fn()}
        labels={{ size: (bytes) => formatBytes(bytes, 'ja-JP') }}
      />,
    );
    expect(screen.getByText('11 バイト')).toBeInTheDocument();
  });

  it('takes dropped files through the same rules', async () => {
    const onFilesAccepted = vi.fn();
    const { container } = render(
      <FileDropZone
        items={[]}
        acceptedExtensions={LOGO_EXTENSIONS}
        maxFileBytes={LOGO_MAX_BYTES}
        onFilesAccepted={onFilesAccepted}
      />,
    );
    const zone = container.querySelector('.ui-file-drop-zone__zone')!;
    const files = [fakeFile('logo.png', 500 * 1024), fakeFile('logo.tiff', 10)];
    const dataTransfer = {
      types: ['Files'],
      items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
      files,
      dropEffect: 'none',
      effectAllowed: 'all',
      getData: () => '',
    };
    fireEvent.dragEnter(zone, { dataTransfer, clientX: 1, clientY: 1 });
    fireEvent.dragOver(zone, { dataTransfer, clientX: 1, clientY: 1 });
    fireEvent.drop(zone, { dataTransfer, clientX: 1, clientY: 1 });
    await vi.waitFor(() => {
      expect(onFilesAccepted).toHaveBeenCalledWith([files[0]]);
    });
    // The refused file's message renders in a later update than the accepted callback: wait for it.
    expect(
      await screen.findByText('logo.tiff: only .jpg, .jpeg, .png, .gif files are accepted.'),
    ).toBeInTheDocument();
  });

  it('is keyboard operable: Tab reaches Browse, Enter opens the file chooser; remove buttons are reachable', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    const { container } = render(
      <FileDropZone
        items={[{ id: '1', name: 'a.iokit', size: 1, status: 'done' }]}
        onFilesAccepted={() => undefined}
        onRemove={onRemove}
      />,
    );
    const click = vi.spyOn(fileInput(container), 'click');
    const browse = screen.getByRole('button', { name: 'Browse files' });
    while (document.activeElement !== browse) await user.tab();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove a.iokit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRemove).toHaveBeenCalledWith('1');
  });

  it('refuses everything when disabled', async () => {
    const user = userEvent.setup();
    const onFilesAccepted = vi.fn();
    const { container } = render(<FileDropZone items={[]} isDisabled onFilesAccepted={onFilesAccepted} />);
    expect(screen.getByRole('button', { name: 'Browse files' })).toBeDisabled();
    await user.upload(fileInput(container), fakeFile('a.iokit', 1));
    expect(onFilesAccepted).not.toHaveBeenCalled();
  });

  it('has no axe violations with a queue and rejections', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { container } = render(
      <FileDropZone
        acceptedExtensions={IOKIT_EXTENSIONS}
        onFilesAccepted={() => undefined}
        onRemove={() => undefined}
        items={[
          { id: '1', name: 'a.iokit', size: 10, status: 'uploading', progress: 10 },
          { id: '2', name: 'b.iokit', size: 10, status: 'error', errorMessage: 'Failed' },
        ]}
      />,
    );
    await user.upload(fileInput(container), fakeFile('x.doc', 1));
    await expectNoAxeViolations(container);
  });
});

describe('useUploadQueue', () => {
  it('uploads one file at a time, records progress, success and server errors', async () => {
    const calls: { file: File; ctx: UploadContext; resolve: () => void; reject: (e: Error) => void }[] = [];
    const upload = vi.fn(
      (file: File, ctx: UploadContext) =>
        new Promise<void>((resolve, reject) => {
          calls.push({ file, ctx, resolve, reject });
        }),
    );
    function Harness() {
      const queue = useUploadQueue({ upload });
      return <FileDropZone items={queue.items} onFilesAccepted={queue.addFiles} onRemove={queue.remove} />;
    }
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.upload(fileInput(container), [
      fakeFile('a.iokit', 1),
      fakeFile('b.iokit', 1),
      fakeFile('c.iokit', 1),
    ]);
    const statuses = () =>
      within(screen.getByRole('list', { name: 'Files' }))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-status'));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(statuses()).toEqual(['uploading', 'queued', 'queued']);
    act(() => {
      calls[0]!.ctx.onProgress(55);
    });
    expect(screen.getByRole('progressbar', { name: 'a.iokit' })).toHaveAttribute('aria-valuenow', '55');
    await act(async () => {
      calls[0]!.resolve();
      await Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(statuses()).toEqual(['done', 'uploading', 'queued']);
    });
    expect(calls[1]!.file.name).toBe('b.iokit');
    await act(async () => {
      calls[1]!.reject(new Error('Upload failed: server error'));
      await Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(statuses()).toEqual(['done', 'error', 'uploading']);
    });
    expect(screen.getByText('Upload failed: server error')).toBeInTheDocument();
    // removing the uploading file aborts it (its button says so)
    await user.click(screen.getByRole('button', { name: 'Cancel upload of c.iokit' }));
    expect(calls[2]!.ctx.signal.aborted).toBe(true);
    expect(statuses()).toEqual(['done', 'error']);
  });

  it('shows the bytes sent with the percent, and the message key of a failed file', () => {
    render(
      <FileDropZone
        onFilesAccepted={() => undefined}
        items={[
          {
            id: '1',
            name: 'a.iokit',
            size: 4 * 1024 * 1024,
            status: 'uploading',
            progress: 50,
            loadedBytes: 2 * 1024 * 1024,
          },
          {
            id: '2',
            name: 'b.doc',
            size: 10,
            status: 'error',
            errorMessage: 'Only iokit',
            errorKey: 'only_iokit_allowed',
          },
        ]}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'a.iokit' })).toHaveAttribute(
      'aria-valuetext',
      '2 MB of 4 MB (50%)',
    );
    expect(screen.getByText('Only iokit')).toHaveAttribute('data-error-key', 'only_iokit_allowed');
  });
});
