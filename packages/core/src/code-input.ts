import { CODE_LENGTH } from './constants.js';

const digit = /^[0-9]$/;

/**
 * Spec §2, §5: a box accepts a character only if its trimmed length is 1 and it is a digit
 * (so a space is blocked).
 */
export const isCodeCharacter = (char: string): boolean => char.trim().length === 1 && digit.test(char);

/** Spec §5 "Code": exactly 6 numeric digits. */
export const isCompleteCode = (code: string, length: number = CODE_LENGTH): boolean =>
  new RegExp(`^[0-9]{${length}}$`).test(code);

export type CodeBoxes = { boxes: string[]; focus: number };

const clampFocus = (index: number, count: number): number => Math.min(Math.max(index, 0), count - 1);

/** Spec §2: typing a digit fills the focused box and moves on; anything else changes nothing. */
export const typeIntoBoxes = (boxes: readonly string[], focus: number, char: string): CodeBoxes => {
  if (!isCodeCharacter(char) || focus < 0 || focus >= boxes.length) return { boxes: [...boxes], focus };
  const next = [...boxes];
  next[focus] = char;
  return { boxes: next, focus: clampFocus(focus + 1, boxes.length) };
};

/**
 * Spec §2: pasting fills the boxes from the focused one. Only the digits of the pasted text are used
 * (so '123 456' pastes as 123456); digits beyond the last box are dropped.
 */
export const pasteIntoBoxes = (boxes: readonly string[], focus: number, pasted: string): CodeBoxes => {
  const digits = [...pasted].filter((char) => digit.test(char));
  const start = clampFocus(focus, boxes.length);
  const next = [...boxes];
  let last = start - 1;
  for (const [offset, char] of digits.entries()) {
    const index = start + offset;
    if (index >= next.length) break;
    next[index] = char;
    last = index;
  }
  return { boxes: next, focus: clampFocus(last + 1, boxes.length) };
};

/** Spec §2: backspace clears the focused box and moves back. */
export const backspaceBoxes = (boxes: readonly string[], focus: number): CodeBoxes => {
  const next = [...boxes];
  if (focus >= 0 && focus < next.length) next[focus] = '';
  return { boxes: next, focus: Math.max(focus - 1, 0) };
};
