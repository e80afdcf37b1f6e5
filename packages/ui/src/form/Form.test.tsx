import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISABLE_NOTE_MAXLENGTH, TEXTAREA_DEFAULT_MAXLENGTH } from '../constants';
import { expectNoAxeViolations } from '../test/axe';
import {
  COUNTER_ANNOUNCE_DELAY_MS,
  Form,
  NumberInput,
  SubmitButton,
  TextArea,
  TextField,
  sanitizeNumberText,
} from './index';

function describedText(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TextArea', () => {
  it('defaults maxLength to 1000 and shows the remaining count, wired as a description', () => {
    expect(TEXTAREA_DEFAULT_MAXLENGTH).toBe(1000);
    render(<TextArea label="Comments" />);
    const box = screen.getByRole('textbox', { name: 'Comments' });
    expect(box).toHaveAttribute('maxlength', '1000');
    expect(screen.getByText('1000 of 1000 characters remaining')).toBeInTheDocument();
    expect(describedText(box)).toContain('1000 of 1000 characters remaining');
  });

  it('counts down live and announces the remaining count once typing pauses for 1000 ms', () => {
    vi.useFakeTimers();
    expect(COUNTER_ANNOUNCE_DELAY_MS).toBe(1000);
    render(<TextArea label="Note" maxLength={500} />);
    const box = screen.getByRole('textbox', { name: 'Note' });
    fireEvent.change(box, { target: { value: 'ab' } });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.change(box, { target: { value: 'abc' } });
    expect(screen.getByText('497 of 500 characters remaining')).toBeInTheDocument();
    const live = screen.getByRole('status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(live).toHaveTextContent('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(live).toHaveTextContent('497 of 500 characters remaining');
  });

  it('stops at maxLength (typed and pasted) and marks the limit', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextArea label="Short" maxLength={5} onChange={onChange} formatCounter={(r) => `${r} left`} />);
    const box = screen.getByRole('textbox', { name: 'Short' });
    await user.click(box);
    await user.paste('abcdefgh');
    expect(box).toHaveValue('abcde');
    expect(screen.getByText('0 left')).toHaveAttribute('data-at-limit', 'true');
    expect(onChange).toHaveBeenLastCalledWith('abcde');
  });

  it('warns instead of stopping when the limit is not enforced (disable note over 500)', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <TextArea
        label="Disable note"
        maxLength={DISABLE_NOTE_MAXLENGTH}
        isLimitEnforced={false}
        defaultValue={'x'.repeat(DISABLE_NOTE_MAXLENGTH - 1)}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Disable note' });
    expect(box).not.toHaveAttribute('maxlength');
    expect(screen.getByText('1 of 500 characters remaining')).toBeInTheDocument();
    await user.type(box, 'ab');
    expect(box).toHaveValue('x'.repeat(499) + 'ab');
    expect(screen.getByText('1 character over the limit of 500')).toHaveAttribute('data-over-limit', 'true');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(container.querySelector('.ui-textarea')).toHaveAttribute('data-over-limit', 'true');
    await user.type(box, 'c');
    expect(screen.getByText('2 characters over the limit of 500')).toBeInTheDocument();
  });

  it('ties the error text and required hint with aria-describedby', async () => {
    const user = userEvent.setup();
    render(
      <Form validationBehavior="aria">
        <TextArea
          label="Reason"
          isRequired
          errorMessage="emptyfield"
          validate={(v) => (v.trim() ? null : 'empty')}
        />
      </Form>,
    );
    const box = screen.getByRole('textbox', { name: 'Reason' });
    expect(describedText(box)).toContain('Required.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(box)).toContain('emptyfield');
    await user.type(box, 'ok');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(describedText(box)).not.toContain('emptyfield');
  });

  it('shows a server-side error given with isInvalid', () => {
    render(<TextArea label="Reason" isInvalid errorMessage="validate_info" />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(box)).toContain('validate_info');
  });

  it('has no axe violations', async () => {
    const { container } = render(<TextArea label="Comments" isRequired description="Visible to your team" />);
    await expectNoAxeViolations(container);
  });
});

describe('NumberInput', () => {
  it('sanitizes to digits and one dot', () => {
    expect(sanitizeNumberText('a1b2.3.4-5e6')).toBe('12.3456');
    expect(sanitizeNumberText('..')).toBe('.');
    expect(sanitizeNumberText('-1,5')).toBe('15');
  });

  it('accepts digits and one dot only, typed and pasted', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput label="Disks" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Disks' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.type(input, '1a2.-3.4e');
    expect(input).toHaveValue('12.34');
    await user.clear(input);
    await user.paste('x9.5.1 kb');
    expect(input).toHaveValue('9.51');
    expect(onChange).toHaveBeenLastCalledWith('9.51');
  });

  it('shows min, max and required as a hint wired by aria-describedby and validates the range', async () => {
    const user = userEvent.setup();
    render(
      <Form validationBehavior="aria">
        <NumberInput
          label="Servers"
          minValue={1}
          maxValue={20}
          isRequired
          description="At most 20 per report."
        />
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'Servers' });
    expect(screen.getByText('Required. Minimum 1. Maximum 20.')).toBeInTheDocument();
    expect(describedText(input)).toContain('Required. Minimum 1. Maximum 20. At most 20 per report.');
    expect(input.closest('.ui-field')).toHaveAttribute('data-min', '1');
    expect(input.closest('.ui-field')).toHaveAttribute('data-max', '20');
    expect(input).toHaveAttribute('aria-required', 'true');
    await user.type(input, '25');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(input)).toContain('Enter a number from 1 to 20.');
    await user.clear(input);
    await user.type(input, '2.5');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('has no axe violations', async () => {
    const { container } = render(<NumberInput label="Disks" minValue={0} />);
    await expectNoAxeViolations(container);
  });
});

describe('TextField', () => {
  it('filters typed and pasted text with a filter', async () => {
    const user = userEvent.setup();
    render(
      <TextField label="Project name" filter={(t) => t.replace(/[^A-Za-z0-9 _-]/g, '')} maxLength={50} />,
    );
    const input = screen.getByRole('textbox', { name: 'Project name' });
    await user.type(input, 'My <proj>!');
    await user.paste(' #2');
    expect(input).toHaveValue('My proj 2');
    expect(describedText(input)).toContain('At most 50 characters.');
  });
});

/** A required, length-limited field with help text and a server error (`validationErrors`). */
function projectForm() {
  return (
    <Form aria-label="Project" validationErrors={{ name: 'emptyfield' }}>
      <TextField
        label="Project name"
        name="name"
        isRequired
        maxLength={50}
        description="Shown in the viewer."
      />
    </Form>
  );
}

describe('TextField', () => {
  it('is reached with Tab and typed into; label, hint, description and error are wired', async () => {
    const user = userEvent.setup();
    render(projectForm());
    const input = screen.getByRole('textbox', { name: 'Project name' });
    await user.tab();
    expect(input).toHaveFocus();
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(input)).toContain('Required. At most 50 characters.');
    expect(describedText(input)).toContain('Shown in the viewer.');
    expect(describedText(input)).toContain('emptyfield');
    await user.keyboard('Web tier');
    expect(input).toHaveValue('Web tier');
  });

  it('has no axe violations (with hint, description and an error)', async () => {
    const { container } = render(projectForm());
    await expectNoAxeViolations(container);
  });
});

describe('Form', () => {
  it('blocks Enter from submitting when blockEnter is set (the more-information form)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => {
      e.preventDefault();
    });
    render(
      <Form blockEnter onSubmit={onSubmit} aria-label="More information">
        <TextField label="Company" />
        <TextArea label="Details" />
        <button type="submit">Send</button>
      </Form>,
    );
    expect(screen.getByRole('form')).toHaveAttribute('data-block-enter', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Acme{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Details' }), 'a{Enter}b');
    expect(screen.getByRole('textbox', { name: 'Details' })).toHaveValue('a\nb');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('lets Enter submit by default', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => {
      e.preventDefault();
    });
    render(
      <Form onSubmit={onSubmit} aria-label="Search">
        <TextField label="Query" />
        <button type="submit">Go</button>
      </Form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Query' }), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('SubmitButton', () => {
  it('stays disabled until any input of its form changes, and again after reset', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => {
      e.preventDefault();
    });
    render(
      <Form onSubmit={onSubmit} aria-label="Profile">
        <TextField label="First name" defaultValue="Ada" />
        <label>
          <input type="checkbox" name="news" /> Newsletter
        </label>
        <SubmitButton>Save changes</SubmitButton>
        <button type="reset">Reset</button>
      </Form>,
    );
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Newsletter' }));
    expect(save).toBeEnabled();
    expect(save).toHaveAttribute('data-dirty', 'true');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(save).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'x');
    expect(save).toBeEnabled();
    // keyboard: Tab to the button and press Enter
    save.focus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is enabled from the start with requiresChange false and respects isDisabled', () => {
    render(
      <form aria-label="f">
        <SubmitButton requiresChange={false}>A</SubmitButton>
        <SubmitButton requiresChange={false} isDisabled>
          B
        </SubmitButton>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'A' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'B' })).toBeDisabled();
  });

  it("is the kit's Button: primary look, pending label", () => {
    render(
      <form aria-label="f">
        <SubmitButton requiresChange={false} isPending pendingLabel="Saving…">
          Save
        </SubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveClass('ui-button', 'ui-submit-button');
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button).toHaveAttribute('data-pending', 'true');
  });

  it('counts a programmatic change event as a change', () => {
    render(
      <form aria-label="f">
        <select aria-label="Country" defaultValue="a">
          <option value="a">A</option>
          <option value="b">B</option>
        </select>
        <SubmitButton>Save</SubmitButton>
      </form>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'b' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('has no axe violations in a form', async () => {
    const { container } = render(
      <Form aria-label="Profile">
        <TextField label="Name" isRequired />
        <SubmitButton>Save</SubmitButton>
      </Form>,
    );
    await expectNoAxeViolations(container);
  });
});
