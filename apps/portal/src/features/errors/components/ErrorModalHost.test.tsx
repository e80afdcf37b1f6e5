import { EnvelopeError, HttpError, NetworkError, TimeoutError } from '@assessment/sdk';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportError } from '@/lib/errors/error-bus';
import { fakeApi, renderWithProviders } from '@/test/render';
import { ErrorModalHost } from './ErrorModalHost';

const message = (title: string, text: string) => ({ title, message: text, actions: ['OK'] });

describe('ErrorModalHost (spec part 8)', () => {
  beforeAll(async () => {
    // The modal is lazy; load its module once so the first test does not pay the transform time.
    await import('./ErrorModal');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the server message of the ResourceKey of a failed envelope', async () => {
    const { calls } = fakeApi({
      'GET /api/message/emptyfield': message('Required field', 'This field cannot be empty.'),
    });
    renderWithProviders(<ErrorModalHost />);
    act(() => {
      reportError(
        new EnvelopeError(400, {
          operation: 'createProject',
          body: { StatusCode: 400, ResourceKey: 'emptyfield' },
        }),
      );
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Required field' });
    expect(dialog).toHaveTextContent('This field cannot be empty.');
    expect(calls).toContain('GET /api/message/emptyfield');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('an empty title and message show the default error', async () => {
    fakeApi({ 'GET /api/message/validate_info': message('', '') });
    renderWithProviders(<ErrorModalHost />);
    act(() => {
      reportError(
        new EnvelopeError(400, {
          operation: 'x',
          body: { StatusCode: 400, ErrorState: { ErrorCode: 'validate_info' } },
        }),
      );
    });
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'An error occurred. Please try again later.',
    );
  });

  it('a message that cannot be fetched shows the generic text', async () => {
    fakeApi({ 'GET /api/message/generalError': new Response('', { status: 500 }) });
    renderWithProviders(<ErrorModalHost />);
    act(() => {
      reportError(new NetworkError({ operation: 'getDashboard' }));
    });
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it('HTTP 404 and a timeout show their fixed texts', async () => {
    fakeApi({});
    renderWithProviders(<ErrorModalHost />);
    act(() => {
      reportError(new HttpError(404, { operation: 'getProject' }));
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      "Error 404 - The file you're looking for could not be found.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    act(() => {
      reportError(new TimeoutError(30000, { operation: 'getProject' }));
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      "Connection Interrupted - Looks like you're having some connectivity issues.",
    );
  });

  it('HTTP 302 on an upload-related call reloads the page', () => {
    fakeApi({});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ reload } as unknown as Location);
    renderWithProviders(<ErrorModalHost />);
    act(() => {
      reportError(new HttpError(302, { operation: 'queueIokitUpload' }));
    });
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
