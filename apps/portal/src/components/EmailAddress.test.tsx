import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('offers a line break right after the @ and keeps the address whole as text', () => {
    const { container } = render(<EmailAddress address="partner.member@contoso-partners.example" />);
    const span = container.querySelector('.email-address');
    expect(span?.textContent).toBe('partner.member@contoso-partners.example');
    expect(span?.innerHTML).toBe('partner.member@<wbr>contoso-partners.example');
  });

  it('shows anything without an @ as it is', () => {
    const { container } = render(<EmailAddress address="not an address" />);
    expect(container.querySelector('.email-address')?.innerHTML).toBe('not an address');
  });
});
