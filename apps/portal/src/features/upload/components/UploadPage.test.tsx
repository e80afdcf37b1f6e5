import { resetSdkConfig, type UploadSettings } from '@assessment/sdk';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@/test/axe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { fakeApi } from '@/test/render';
import { uploadSettingsQuery } from '@/lib/query/upload-settings';
import { UploadPage } from './UploadPage';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const settings: UploadSettings = {
  MaxFileSizeMb: 1,
  MaxCombinedSizeMb: 3,
  ProjectNamePattern: '[A-Za-z0-9 _.\\-]',
  AllowedExtensions: ['iokit', 'siokit'],
  UploadTypes: ['server', 'storage-protection'],
};

/** The XMLHttpRequests the SDK's upload helper opens; the test answers them. */
class FakeXhr {
  static all: FakeXhr[] = [];
  url = '';
  status = 0;
  responseText = '';
  responseURL = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send() {}
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
    });
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.responseURL = this.url;
    act(() => {
      this.onload?.();
    });
  }
}

const MESSAGES: Record<string, { title: string; message: string }> = {
  only_iokit_allowed: {
    title: 'Wrong file type',
    message: 'Only <b>.iokit</b> and .siokit files are allowed.',
  },
  only_iokit_lessthen_hundred_mb_allowed: { title: 'File too large', message: 'Each file must be small.' },
  nofiles: { title: 'No files', message: 'Please add at least one file to upload.' },
};

function setUp(extra: Record<string, unknown> = {}) {
  const routes: Record<string, unknown> = { ...extra };
  for (const [key, value] of Object.entries(MESSAGES))
    routes[`GET /api/message/${key}`] = { ...value, actions: ['OK'] };
  const api = fakeApi(routes);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(uploadSettingsQuery().queryKey, settings);
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <UploadPage />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...api, user, ...view, queryClient };
}

const fileInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"]')!;
const kb = (name: string, size: number) => new File([new Uint8Array(size)], name);

/** Walks to the files step with the keyboard only. */
async function keyboardToFiles(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.tab();
  expect(screen.getByRole('radio', { name: 'Server' })).toHaveFocus();
  await user.keyboard(' ');
  expect(screen.getByRole('radio', { name: 'Server' })).toBeChecked();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 2, name: 'Project name' })).toHaveFocus();
  });
  await user.tab(); // the new/existing choice
  await user.tab(); // the name field
  expect(screen.getByRole('textbox', { name: /New project name/ })).toHaveFocus();
  await user.keyboard(name);
  await user.tab(); // Back
  await user.tab();
  expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 2, name: 'Upload files' })).toHaveFocus();
  });
}

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  window.matchMedia = vi.fn(() => ({
    matches: true, // reduced motion: the stepper moves at once
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSdkConfig();
  navigate.mockReset();
});

describe('UploadPage', () => {
  it('walks the steps with the keyboard; Next needs a type and a name; the name is filtered; no axe violations', async () => {
    const { user, container } = setUp();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Storage protection' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await keyboardToFiles(user, 'Q4 <refresh>!');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: /New project name/ })).toHaveValue('Q4 refresh');
    });
    await expectNoAxeViolations(container);
  });

  it('keeps refused files with their message, uploads one at a time with byte progress, removes on the server, submits', async () => {
    const { user, container, calls } = setUp({
      'DELETE /upload-service/api/iokit/f-1': {
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: null,
      },
      'POST /upload-service/api/iokitqueue': {
        StatusCode: 200,
        ResourceKey: 'projectcreated',
        ErrorState: null,
        Message: null,
        Data: { Id: 1411, Jobs: [{ RunId: 88214, FileName: 'a.iokit', Status: 'Queued' }] },
      },
    });
    await keyboardToFiles(user, 'Contoso');
    await user.upload(fileInput(container), [
      kb('notes.txt', 10),
      kb('big.iokit', 1024 * 1024 + 1),
      kb('a.iokit', 2048),
      kb('b.iokit', 2048),
    ]);
    const queue = screen.getByRole('list', { name: 'Files to upload' });
    const item = (name: string) => within(queue).getByText(name).closest('li')!;
    await waitFor(() => {
      expect(
        within(item('notes.txt')).getByText('Only .iokit and .siokit files are allowed.'),
      ).toHaveAttribute('data-error-key', 'only_iokit_allowed');
    });
    expect(within(item('big.iokit')).getByText('Each file must be small.')).toBeInTheDocument();
    // One at a time.
    expect(FakeXhr.all).toHaveLength(1);
    expect(FakeXhr.all[0]!.url).toBe('http://portal.test/upload-service/iokit/file');
    FakeXhr.all[0]!.progress(1024, 2048);
    expect(screen.getByRole('progressbar', { name: 'a.iokit' })).toHaveAttribute(
      'aria-valuetext',
      '1 kB of 2 kB (50%)',
    );
    await expectNoAxeViolations(container);
    FakeXhr.all[0]!.answer(
      200,
      JSON.stringify({ FileName: 'a.iokit', ErrorKey: null, RequestorId: 5, FileId: 'f-1' }),
    );
    await waitFor(() => {
      expect(item('a.iokit')).toHaveAttribute('data-status', 'done');
    });
    await waitFor(() => {
      expect(FakeXhr.all).toHaveLength(2);
    });
    FakeXhr.all[1]!.answer(200, '{not json');
    expect(await within(item('b.iokit')).findByText('Server error')).toBeInTheDocument();

    // Finish names the files that block it.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const blocked = await screen.findByRole('list', { name: 'Files with errors' });
    expect(
      within(blocked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['notes.txt', 'big.iokit', 'b.iokit']);
    // iokit_cant_continue is shown with its list, never as a message that names no file.
    expect(blocked.closest('[role="alert"]')).toHaveTextContent(
      'Remove the files with errors before continuing:notes.txtbig.iokitb.iokit',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('4 files added.')).toBeInTheDocument();

    // Removing an uploaded file deletes it on the server; the others only leave the queue.
    await user.click(screen.getByRole('button', { name: 'Remove a.iokit' }));
    await waitFor(() => {
      expect(calls).toContain('DELETE /upload-service/api/iokit/f-1');
    });
    for (const name of ['notes.txt', 'big.iokit', 'b.iokit'])
      await user.click(screen.getByRole('button', { name: `Remove ${name}` }));
    expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
    // The files are gone: so is the announcement of their adding.
    expect(screen.queryByText(/files? added\./)).not.toBeInTheDocument();

    await user.upload(fileInput(container), [kb('c.iokit', 100)]);
    await waitFor(() => {
      expect(FakeXhr.all).toHaveLength(3);
    });
    FakeXhr.all[2]!.answer(
      200,
      JSON.stringify({ FileName: 'c.iokit', ErrorKey: null, RequestorId: 5, FileId: 'f-3' }),
    );
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const done = await screen.findByRole('dialog', { name: 'Upload complete' });
    await waitFor(() => {
      expect(within(done).getByRole('button', { name: 'Open the project viewer' })).toHaveFocus();
    });
    // The queued files now belong to the project: the queue is empty (nothing is deleted on the server).
    expect(screen.queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
    await expectNoAxeViolations(document.body);
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith({ to: '/dpackviewer/$projectId', params: { projectId: 1411 } });
  });

  it('mixing iokit and siokit shows the type error and disables continue', async () => {
    const { user, container } = setUp();
    await keyboardToFiles(user, 'Mixed');
    await user.upload(fileInput(container), [kb('a.iokit', 10), kb('b.siokit', 10)]);
    // The mixing rule's own words, not the file-type message (both files have an allowed type).
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Upload either .iokit files or .siokit files, not both. Remove the files of one kind to continue.',
    );
    expect(alert).not.toHaveTextContent('Only .iokit and .siokit files are allowed.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('an empty queue gives nofiles on Finish', async () => {
    const { user } = setUp();
    await keyboardToFiles(user, 'Empty');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alertdialog', { name: 'No files' })).toBeInTheDocument();
  });

  it('filters pasted project names to the configured pattern', async () => {
    const { user } = setUp();
    await user.click(screen.getByRole('radio', { name: 'Server' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const field = await screen.findByRole('textbox', { name: /New project name/ });
    await user.click(field);
    await user.paste('Q4 <SQL>; refresh!');
    expect(field).toHaveValue('Q4 SQL refresh');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('changing the upload type deletes every uploaded file on the server and empties the queue', async () => {
    const { user, container, calls } = setUp({
      'DELETE /upload-service/api/iokit/f-9': {
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: null,
      },
    });
    await keyboardToFiles(user, 'Switch');
    await user.upload(fileInput(container), [kb('a.iokit', 10), kb('bad.txt', 10)]);
    FakeXhr.all[0]!.answer(
      200,
      JSON.stringify({ FileName: 'a.iokit', ErrorKey: null, RequestorId: 5, FileId: 'f-9' }),
    );
    const queue = screen.getByRole('list', { name: 'Files to upload' });
    await waitFor(() => {
      expect(within(queue).getByText('a.iokit').closest('li')).toHaveAttribute('data-status', 'done');
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('radio', { name: 'Storage protection' }));
    await waitFor(() => {
      expect(calls).toContain('DELETE /upload-service/api/iokit/f-9');
    });
    expect(screen.getByRole('radio', { name: 'Storage protection' })).toBeChecked();
    expect(screen.queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument();
    // Nothing announces the files of the other type as added any more.
    expect(screen.queryByText(/files? added\./)).not.toBeInTheDocument();
  });
});
