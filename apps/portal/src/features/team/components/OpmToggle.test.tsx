import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { OpmToggle } from './OpmToggle';

const envelope = (StatusCode: number) => ({
  StatusCode,
  ResourceKey: null,
  ErrorState: StatusCode === 200 ? null : { ErrorCode: 'generalError' },
  Message: null,
  Data: null,
});

/** A response that stays pending until released (to see the spinner). */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('OpmToggle (spec part 4: OPM team option)', () => {
  it('a team admin enables it with the keyboard: spinner while pending, then checked and "Enabled"', async () => {
    const pending = deferred();
    const { fetchMock } = fakeApi({});
    fetchMock.mockImplementationOnce(() => pending.promise);
    const { container } = renderWithProviders(<OpmToggle teamId={310} enabled={false} canEdit />);
    const box = screen.getByRole('checkbox', { name: 'OPM option' });
    expect(box).not.toBeChecked();
    expect(screen.getByTestId('opm-status')).toHaveTextContent('Disabled');
    await expectNoAxeViolations(container);

    box.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('progressbar', { name: 'Saving the OPM option…' })).toBeInTheDocument();
    expect(box).toBeDisabled();
    const [input] = fetchMock.mock.calls[0] ?? [];
    const request = input instanceof Request ? input : new Request(input ?? '');
    expect(`${request.method} ${new URL(request.url).pathname}`).toBe('POST /api/team/edit/true/310');
    await expectNoAxeViolations(container);

    pending.release(Response.json(envelope(200)));
    await waitFor(() => {
      expect(box).toBeChecked();
    });
    expect(screen.getByTestId('opm-status')).toHaveTextContent('Enabled');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('disables it: unchecked and "Disabled" on StatusCode 200', async () => {
    const { calls } = fakeApi({ 'POST /api/team/edit/false/310': envelope(200) });
    renderWithProviders(<OpmToggle teamId={310} enabled canEdit />);
    const box = screen.getByRole('checkbox', { name: 'OPM option' });
    await userEvent.click(box);
    await waitFor(() => {
      expect(box).not.toBeChecked();
    });
    expect(screen.getByTestId('opm-status')).toHaveTextContent('Disabled');
    expect(calls).toEqual(['POST /api/team/edit/false/310']);
  });

  it.each([
    ['an envelope StatusCode 500', () => Response.json(envelope(500))],
    ['HTTP 500', () => Response.json(envelope(500), { status: 500 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('on %s the generic message shows and the checkbox stays unchecked', async (_name, answer) => {
    const { fetchMock } = fakeApi({});
    fetchMock.mockImplementationOnce(answer as () => Promise<Response>);
    const { container } = renderWithProviders(<OpmToggle teamId={310} enabled={false} canEdit />);
    const box = screen.getByRole('checkbox', { name: 'OPM option' });
    await userEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. The OPM option was not changed.',
    );
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
    expect(screen.getByTestId('opm-status')).toHaveTextContent('Disabled');
    await expectNoAxeViolations(container);
  });

  it('others see the state read-only and cannot call', async () => {
    const { calls } = fakeApi({});
    const { container } = renderWithProviders(<OpmToggle teamId={310} enabled canEdit={false} />);
    const box = screen.getByRole('checkbox', { name: 'OPM option' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByTestId('opm-status')).toHaveTextContent('Enabled');
    expect(screen.getByText('Only the team admins can change this option.')).toBeInTheDocument();
    await userEvent.click(box);
    expect(calls).toEqual([]);
    await expectNoAxeViolations(container);
  });
});
