import { act, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGED_FORM_OUT_MS, PAGED_FORM_SETTLE_MS } from '../constants';
import { expectNoAxeViolations } from '../test/axe';
import { Stepper, type StepperStep } from './index';

const steps: StepperStep[] = [
  { id: 'type', title: 'Upload type', content: <input aria-label="Type" /> },
  { id: 'name', title: 'Project name', content: <input aria-label="Name" /> },
  { id: 'files', title: 'Files', content: <p>Drop files</p> },
];

function mockReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const visibleHeading = () =>
  screen.getAllByRole('heading', { level: 2 }).find((h) => !h.closest('section')!.hidden)!.textContent;

function setupFake() {
  vi.useFakeTimers();
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms), delay: null });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Stepper', () => {
  it('shows one view at a time and marks the current step with aria-current="step"', () => {
    render(<Stepper steps={steps} />);
    expect(visibleHeading()).toBe('Upload type');
    expect(screen.getAllByRole('region', { hidden: true }).filter((s) => !s.hidden)).toHaveLength(1);
    const list = screen.getByRole('list', { name: 'Steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('slides out for 200 ms, then settles for 400 ms', async () => {
    expect(PAGED_FORM_OUT_MS).toBe(200);
    expect(PAGED_FORM_SETTLE_MS).toBe(400);
    const user = setupFake();
    const onIndexChange = vi.fn();
    const { container } = render(<Stepper steps={steps} onIndexChange={onIndexChange} />);
    const root = container.querySelector('.ui-stepper')!;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(root).toHaveAttribute('data-phase', 'out');
    expect(root).toHaveAttribute('data-direction', 'forward');
    expect(onIndexChange).toHaveBeenCalledWith(1);
    expect(container.querySelector('section:not([hidden])')).toHaveAttribute('data-duration', '200');
    act(() => {
      vi.advanceTimersByTime(PAGED_FORM_OUT_MS - 1);
    });
    expect(visibleHeading()).toBe('Upload type');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visibleHeading()).toBe('Project name');
    expect(root).toHaveAttribute('data-phase', 'in');
    expect(container.querySelector('section:not([hidden])')).toHaveAttribute('data-duration', '400');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(PAGED_FORM_SETTLE_MS - 1);
    });
    expect(root).toHaveAttribute('data-phase', 'in');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(root).toHaveAttribute('data-phase', 'idle');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('animates and arrives under StrictMode too', async () => {
    const user = setupFake();
    render(
      <StrictMode>
        <Stepper steps={steps} />
      </StrictMode>,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () => {
      await Promise.resolve();
    });
    act(() => {
      vi.advanceTimersByTime(PAGED_FORM_OUT_MS + PAGED_FORM_SETTLE_MS);
    });
    expect(visibleHeading()).toBe('Project name');
    expect(screen.getByRole('status')).toHaveTextContent('Step 2 of 3: Project name');
  });

  it('moves instantly under prefers-reduced-motion', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const { container } = render(<Stepper steps={steps} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleHeading()).toBe('Project name');
    expect(container.querySelector('.ui-stepper')).toHaveAttribute('data-phase', 'idle');
    expect(container.querySelector('.ui-stepper')).toHaveAttribute('data-reduced-motion', 'true');
  });

  it('announces the new step, focuses its heading and supports Previous', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    render(<Stepper steps={steps} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(status).toHaveTextContent('Step 2 of 3: Project name');
    await vi.waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Project name' })).toHaveFocus();
    });
    expect(within(screen.getByRole('list')).getAllByRole('listitem')[1]).toHaveAttribute(
      'aria-current',
      'step',
    );
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(status).toHaveTextContent('Step 1 of 3: Upload type');
    expect(visibleHeading()).toBe('Upload type');
  });

  it('announces and focuses a step the controlled index moves to from outside (a wizard’s results)', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const { rerender } = render(<Stepper steps={steps} index={0} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    rerender(<Stepper steps={steps} index={1} />);
    expect(screen.getByRole('status')).toHaveTextContent('Step 2 of 3: Project name');
    rerender(<Stepper steps={steps} index={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('Step 3 of 3: Files');
    expect(visibleHeading()).toBe('Files');
    await vi.waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Files' })).toHaveFocus();
    });
  });

  it('lets a step validator veto moving forward (async allowed)', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    let resolve: (ok: boolean) => void = () => undefined;
    const validate = vi.fn(
      () =>
        new Promise<boolean>((r) => {
          resolve = r;
        }),
    );
    const { container } = render(<Stepper steps={[{ ...steps[0]!, validate }, steps[1]!]} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(container.querySelector('.ui-stepper')).toHaveAttribute('data-validating', 'true');
    await act(async () => {
      resolve(false);
      await Promise.resolve();
    });
    expect(visibleHeading()).toBe('Upload type');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () => {
      resolve(true);
      await Promise.resolve();
    });
    expect(visibleHeading()).toBe('Project name');
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('is pending only for an asynchronous validator (no announcement of a pending Next otherwise)', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const validate = vi.fn(() => true);
    const { container } = render(<Stepper steps={[{ ...steps[0]!, validate }, steps[1]!]} />);
    const root = container.querySelector('.ui-stepper')!;
    const seen: (string | null)[] = [];
    const observer = new MutationObserver(() => {
      seen.push(root.getAttribute('data-validating'));
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-validating'] });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    observer.disconnect();
    expect(visibleHeading()).toBe('Project name');
    expect(validate).toHaveBeenCalledTimes(1);
    expect(seen).not.toContain('true');
  });

  it('lets onValidate veto, and a throwing validator vetoes too', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const onValidate = vi.fn((from: number) => from !== 0);
    const { unmount } = render(<Stepper steps={steps} onValidate={onValidate} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onValidate).toHaveBeenCalledWith(0);
    expect(visibleHeading()).toBe('Upload type');
    unmount();
    render(
      <Stepper
        steps={[
          {
            ...steps[0]!,
            validate: () => {
              throw new Error('boom');
            },
          },
          steps[1]!,
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleHeading()).toBe('Upload type');
  });

  it('blocks Next when it is disabled (per step or globally)', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const { rerender } = render(<Stepper steps={[{ ...steps[0]!, isNextDisabled: true }, steps[1]!]} />);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(next);
    expect(visibleHeading()).toBe('Upload type');
    rerender(<Stepper steps={steps} isNextDisabled />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('calls onComplete from Finish on the last step after validation', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Stepper steps={steps} defaultIndex={2} onComplete={onComplete} />);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('is keyboard operable: Tab to Next, Enter moves forward; field values survive', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    render(<Stepper steps={steps} />);
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Type' })).toHaveFocus();
    await user.keyboard('iokit');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(visibleHeading()).toBe('Project name');
    screen.getByRole('button', { name: 'Previous' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('textbox', { name: 'Type' })).toHaveValue('iokit');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Stepper steps={steps} defaultIndex={1} onComplete={() => undefined} />);
    await expectNoAxeViolations(container);
  });
});
