import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { CookieNotice, isCookieWarningAcknowledged } from './index';

describe('CookieNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows after 100 ms until acknowledged with the keyboard, then stores displayedCookieWarning', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const onAcknowledge = vi.fn();
    render(<CookieNotice onAcknowledge={onAcknowledge}>We use cookies.</CookieNotice>);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    const notice = screen.getByRole('region', { name: 'Cookie notice' });
    expect(notice).toHaveTextContent('We use cookies.');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onAcknowledge).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('displayedCookieWarning')).toBe('true');
    expect(notice).toHaveAttribute('data-state', 'closing');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('is not shown once acknowledged', () => {
    window.localStorage.setItem('displayedCookieWarning', 'true');
    expect(isCookieWarningAcknowledged()).toBe(true);
    const { container } = render(<CookieNotice>We use cookies.</CookieNotice>);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('treats a missing or false value as not acknowledged', () => {
    expect(isCookieWarningAcknowledged()).toBe(false);
    window.localStorage.setItem('displayedCookieWarning', 'false');
    expect(isCookieWarningAcknowledged()).toBe(false);
  });

  it('has no axe violations', async () => {
    const { container } = render(<CookieNotice acknowledgeLabel="Accept">We use cookies.</CookieNotice>);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });
});
