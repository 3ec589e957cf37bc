import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './PasswordField';

describe('PasswordField', () => {
  it('the toggle shows and hides the password, telling its state by aria-pressed', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" name="password" value="s3cret!" onChange={() => {}} />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveProperty('type', 'password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(input).toHaveProperty('type', 'text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(input).toHaveProperty('type', 'password');
  });
});
