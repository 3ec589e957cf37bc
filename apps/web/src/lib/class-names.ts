/** Joins class names, skipping falsy ones: `cx('a', open && 'b')`. */
export const cx = (...classes: ReadonlyArray<string | false | null | undefined>): string =>
  classes.filter(Boolean).join(' ');
