import { backspaceBoxes, type CodeBoxes, pasteIntoBoxes, typeIntoBoxes } from '@hub/core';
import type { ChangeEvent, ClipboardEvent, KeyboardEvent, Ref } from 'react';
import { useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names';

export interface CodeInputHandle {
  focus: (index?: number) => void;
}

interface CodeInputProps {
  /** One character (or '') per box; its length is the number of boxes (core CODE_LENGTH). */
  boxes: readonly string[];
  onChange: (boxes: string[]) => void;
  /** The boxes keep focus but take no input (while the code is checked). */
  readOnly?: boolean;
  disabled?: boolean;
  /** error marks the boxes invalid; success shows them verified. */
  tone?: 'prompt' | 'error' | 'success';
  /** The id of the prompt under the boxes, read with the group. */
  describedBy?: string;
  ref?: Ref<CodeInputHandle>;
}

const boxBorders = {
  prompt: 'border-slate-300',
  error: 'border-red-500',
  success: 'border-business-600',
} as const;

/**
 * Spec §2 code step: single-character boxes. Typing a digit fills the box and moves on, paste
 * fills from the focused box (a whole code from the first; digits that cannot be placed are said,
 * not dropped: docs/development.md "The code step's paste rule"), Backspace clears and moves back,
 * Space is blocked, only digits count (core's typeIntoBoxes, pasteIntoBoxes, backspaceBoxes and
 * isCodeCharacter).
 */
export const CodeInput = ({
  boxes,
  onChange,
  readOnly = false,
  disabled = false,
  tone = 'prompt',
  describedBy,
  ref,
}: CodeInputProps) => {
  const { t } = useTranslation();
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  // A paste that could not be placed (more digits than a code): said under the boxes, never dropped silently.
  const [pasteRefused, setPasteRefused] = useState(false);
  const pasteNoteId = useId();
  const focusBox = (index: number) => inputs.current[index]?.focus();
  useImperativeHandle(ref, () => ({ focus: (index = 0) => inputs.current[index]?.focus() }), []);

  const apply = ({ boxes: next, focus, refused }: CodeBoxes & { refused?: string }) => {
    setPasteRefused(refused !== undefined);
    if (refused === undefined) onChange(next);
    focusBox(focus);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ' || event.key === 'Spacebar') event.preventDefault();
    else if (event.key === 'ArrowLeft') focusBox(Math.max(index - 1, 0));
    else if (event.key === 'ArrowRight') focusBox(Math.min(index + 1, boxes.length - 1));
    else if (event.key === 'Backspace') {
      event.preventDefault();
      if (!readOnly) apply(backspaceBoxes(boxes, index));
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (!readOnly) apply(pasteIntoBoxes(boxes, index, event.clipboardData.getData('text')));
  };

  const onInput = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    if (readOnly) return;
    const { value } = event.target;
    // What was typed, not what the box now holds: the box may already have had a digit.
    const typed = (event.nativeEvent as InputEvent).data;
    if (typeof typed === 'string' && [...typed].length === 1) apply(typeIntoBoxes(boxes, index, typed));
    else if (value === '') {
      setPasteRefused(false);
      onChange(boxes.map((box, at) => (at === index ? '' : box)));
    }
    // A one-time-code suggestion or a drop arrives whole, like a paste.
    else apply(pasteIntoBoxes(boxes, index, value));
  };

  return (
    <fieldset
      aria-describedby={
        [describedBy, pasteRefused ? pasteNoteId : undefined].filter(Boolean).join(' ') || undefined
      }
      className="min-w-0"
    >
      <legend className="sr-only">{t('code.legend')}</legend>
      <div className="grid grid-cols-6 gap-2">
        {boxes.map((box, index) => (
          <input
            // The boxes are positions: their index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position; it never moves.
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('code.digit', { index: index + 1, total: boxes.length })}
            aria-invalid={tone === 'error' || undefined}
            value={box}
            readOnly={readOnly}
            disabled={disabled}
            onChange={onInput(index)}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            onFocus={(event) => event.target.select()}
            className={cx(
              'aspect-square w-full min-w-0 rounded-lg border bg-white text-center text-xl font-semibold text-slate-900 tabular-nums shadow-xs tablet:text-2xl',
              'focus-visible:outline-2 focus-visible:outline-offset-0 disabled:bg-slate-100 disabled:text-slate-400',
              boxBorders[tone],
            )}
          />
        ))}
      </div>
      {pasteRefused ? (
        <p
          id={pasteNoteId}
          role="status"
          className="mt-2 text-sm text-slate-700"
          data-testid="code-paste-refused"
        >
          {t('code.pasteTooLong')}
        </p>
      ) : null}
    </fieldset>
  );
};
