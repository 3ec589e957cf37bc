import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backspaceBoxes,
  isCodeCharacter,
  isCompleteCode,
  pasteIntoBoxes,
  typeIntoBoxes,
} from './code-input.js';

const empty = ['', '', '', '', '', ''];

describe('code boxes (spec §2 sign-up step 2, §5 "Code")', () => {
  it.each([
    ['7', true],
    ['0', true],
    [' ', false],
    [' 7', false],
    ['77', false],
    ['a', false],
    ['٣', false],
    ['', false],
  ])('isCodeCharacter(%j) is %s', (char, accepted) => {
    expect(isCodeCharacter(char)).toBe(accepted);
  });

  it('needs exactly 6 digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
    expect(isCompleteCode(' 123456')).toBe(false);
    expect(isCompleteCode('1234', 4)).toBe(true);
  });

  it('typing a digit fills the box and moves on; a space is blocked', () => {
    expect(typeIntoBoxes(empty, 0, '4')).toEqual({ boxes: ['4', '', '', '', '', ''], focus: 1 });
    expect(typeIntoBoxes(empty, 5, '4')).toEqual({ boxes: ['', '', '', '', '', '4'], focus: 5 });
    expect(typeIntoBoxes(empty, 2, ' ')).toEqual({ boxes: empty, focus: 2 });
  });

  it('pasting fills from the focused box', () => {
    expect(pasteIntoBoxes(empty, 0, '123456')).toEqual({ boxes: ['1', '2', '3', '4', '5', '6'], focus: 5 });
    expect(pasteIntoBoxes(empty, 1, '12')).toEqual({ boxes: ['', '1', '2', '', '', ''], focus: 3 });
    expect(pasteIntoBoxes(empty, 0, '123 456')).toEqual({ boxes: ['1', '2', '3', '4', '5', '6'], focus: 5 });
    expect(pasteIntoBoxes(empty, 3, 'abc')).toEqual({ boxes: empty, focus: 3 });
  });

  it('a whole code fills every box from the first, whichever box has focus', () => {
    const code = { boxes: ['3', '4', '4', '7', '1', '5'], focus: 5 };
    expect(pasteIntoBoxes(empty, 2, '344715')).toEqual(code);
    expect(pasteIntoBoxes(empty, 2, 'Your code is 344 - 715.')).toEqual(code);
    // The code's group, not every digit of a mail's sentence.
    expect(pasteIntoBoxes(empty, 4, 'Your code is 344715. It expires in 10 minutes.')).toEqual(code);
    expect(pasteIntoBoxes(['9', '9', '9', '', '', ''], 3, '344\u2013715')).toEqual(code);
  });

  it('digits that do not fit from the focused box are never dropped', () => {
    // Fewer than a code: moved back so that the last one lands in the last box.
    expect(pasteIntoBoxes(['1', '2', '3', '', '', ''], 4, '456')).toEqual({
      boxes: ['1', '2', '3', '4', '5', '6'],
      focus: 5,
    });
    // More than a code and no code among them: nothing changes, and the outcome says why.
    expect(pasteIntoBoxes(['1', '', '', '', '', ''], 1, '1234567')).toEqual({
      boxes: ['1', '', '', '', '', ''],
      focus: 1,
      refused: 'too_many_digits',
    });
  });

  it('a paste keeps every digit it places, in order, or changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.stringMatching(/^[0-9 a-z.-]{0,12}$/), (focus, text) => {
        const result = pasteIntoBoxes(empty, focus, text);
        const placed = result.boxes.join('');
        const digits = text.replace(/[^0-9]/g, '');
        if (result.refused) expect(placed).toBe('');
        else expect(digits.includes(placed)).toBe(true);
        if (!result.refused && digits.length <= 6) expect(placed).toBe(digits);
      }),
    );
  });

  it('backspace clears and moves back', () => {
    const boxes = ['1', '2', '3', '', '', ''];
    expect(backspaceBoxes(boxes, 2)).toEqual({ boxes: ['1', '2', '', '', '', ''], focus: 1 });
    expect(backspaceBoxes(boxes, 0)).toEqual({ boxes: ['', '2', '3', '', '', ''], focus: 0 });
  });

  it('boxes only ever hold one digit or nothing, and keep their count', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 8 }), fc.string({ unit: 'binary' }), (focus, text) => {
        for (const result of [pasteIntoBoxes(empty, focus, text), typeIntoBoxes(empty, focus, text)]) {
          expect(result.boxes).toHaveLength(6);
          for (const box of result.boxes) expect(box).toMatch(/^[0-9]?$/);
        }
      }),
    );
  });
});
