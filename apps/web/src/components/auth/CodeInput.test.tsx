import { CODE_LENGTH } from '@hub/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput } from './CodeInput';

/** The boxes with their state held the way the code step holds it. */
const Harness = ({ readOnly = false }: { readOnly?: boolean }) => {
  const [boxes, setBoxes] = useState<string[]>(() => Array.from({ length: CODE_LENGTH }, () => ''));
  return (
    <>
      <CodeInput boxes={boxes} onChange={setBoxes} readOnly={readOnly} />
      <output data-testid="code">{boxes.join('')}</output>
    </>
  );
};

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of ${CODE_LENGTH}` });
const code = () => screen.getByTestId('code').textContent;

describe('CodeInput', () => {
  it('typing six digits fills the boxes one after another', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveProperty('value', '6');
    expect(document.activeElement).toBe(box(6));
  });

  it('takes only digits: letters and Space change nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a 1b2');
    expect(code()).toBe('12');
    expect(document.activeElement).toBe(box(3));
  });

  it('a paste fills from the focused box with the digits of the text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.paste('98 76-5');
    expect(code()).toBe('98765');
    expect(box(1)).toHaveProperty('value', '');
    expect(document.activeElement).toBe(box(6));
  });

  it('a whole code pasted into any box fills all six from the first', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('Your code is 344 - 715.');
    expect(code()).toBe('344715');
    expect(box(1)).toHaveProperty('value', '3');
    expect(document.activeElement).toBe(box(6));
  });

  it('digits that do not fit from the focused box move back instead of being dropped', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(5));
    await user.paste('3456');
    expect(code()).toBe('123456');
  });

  it('a paste with more digits than a code changes nothing and says why', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('1');
    await user.paste('98 76-54 321');
    expect(code()).toBe('1');
    const note = screen.getByTestId('code-paste-refused');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toBe('That text has more digits than a 6-digit code. Paste only the code.');
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toContain(note.id);
    await user.keyboard('2');
    expect(screen.queryByTestId('code-paste-refused')).toBeNull();
  });

  it('Backspace clears the box and moves back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(code()).toBe('12');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('{Backspace}{Backspace}');
    expect(code()).toBe('');
    expect(document.activeElement).toBe(box(1));
  });

  it('arrow keys move between the boxes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(box(4));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(box(2));
  });

  it('read-only boxes take no typing, paste or Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness readOnly />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.paste('345');
    await user.keyboard('{Backspace}');
    expect(code()).toBe('');
  });
});
