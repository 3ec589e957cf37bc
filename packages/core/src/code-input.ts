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

/** A paste's outcome: the boxes as they now are, and whether the paste was left out (more digits than a code has). */
export type PastedBoxes = CodeBoxes & { refused?: 'too_many_digits' };

/** Digits written in groups the way people and mails write a code: `344715`, `344 715`, `344 - 715`. */
const digitGroup = /\d+(?:[ \t.\-\u2013\u2014]+\d+)*/g;

/**
 * The digits a paste carries: a group of exactly a code's length wherever it sits in the text ("Your
 * code is 344 - 715. It expires in 10 minutes." gives 344715), else every digit of the text.
 */
const pastedDigits = (pasted: string, length: number): { digits: string[]; wholeCode: boolean } => {
  for (const [group] of pasted.matchAll(digitGroup)) {
    const digits = [...group].filter((char) => digit.test(char));
    if (digits.length === length) return { digits, wholeCode: true };
  }
  return { digits: [...pasted].filter((char) => digit.test(char)), wholeCode: false };
};

/**
 * Spec §2: pasting fills the boxes from the focused one, with the digits of the pasted text (so
 * '123 456' pastes as 123456). No digit is lost without a word
 * (docs/development.md "The code step's paste rule"):
 * - a whole code (a group of exactly as many digits as there are boxes) fills every box from the
 *   first, whichever box has focus;
 * - digits that fit from the focused box go there;
 * - fewer digits than boxes that do not fit from the focused box end in the last box instead;
 * - more digits than boxes (no group of a code's length among them) change nothing, and the
 *   outcome says so (`refused`), for the screen to tell the person.
 */
export const pasteIntoBoxes = (boxes: readonly string[], focus: number, pasted: string): PastedBoxes => {
  const { digits, wholeCode } = pastedDigits(pasted, boxes.length);
  const focused = clampFocus(focus, boxes.length);
  if (digits.length === 0) return { boxes: [...boxes], focus: focused };
  if (digits.length > boxes.length) return { boxes: [...boxes], focus: focused, refused: 'too_many_digits' };
  const start = wholeCode ? 0 : Math.min(focused, boxes.length - digits.length);
  const next = [...boxes];
  for (const [offset, char] of digits.entries()) next[start + offset] = char;
  return { boxes: next, focus: clampFocus(start + digits.length, boxes.length) };
};

/** Spec §2: backspace clears the focused box and moves back. */
export const backspaceBoxes = (boxes: readonly string[], focus: number): CodeBoxes => {
  const next = [...boxes];
  if (focus >= 0 && focus < next.length) next[focus] = '';
  return { boxes: next, focus: Math.max(focus - 1, 0) };
};
