import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/** The values a text's `{name}` stands for. */
export type RichValues = Readonly<Record<string, string | number>>;
/** The elements a text's `<name />` or `<name>words</name>` stands for. */
export type RichTags = Readonly<Record<string, ReactElement<{ children?: ReactNode }>>>;

const tagPattern = /<(\w+)\s*\/>|<(\w+)>(.*?)<\/\2>/gs;

/**
 * A text of a language's words as React nodes: `{name}` is replaced by its value, `<name />` by its
 * element as it is, `<name>words</name>` by its element around the words (which may hold values and
 * tags of their own). So the words decide where the link or the bold words go in the sentence, and
 * the document alone decides what they are. A name without a value or an element is left as
 * written (visible, and caught by the tests) rather than dropped.
 */
export const richText = (text: string, values: RichValues, tags: RichTags): ReactNode[] => {
  const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of filled.matchAll(tagPattern)) {
    const [whole, single, opening, inner] = match;
    if (match.index > last) nodes.push(filled.slice(last, match.index));
    const name = single ?? opening ?? '';
    const element = tags[name];
    const key = `${name}-${match.index}`;
    if (!element) nodes.push(whole);
    else if (single) nodes.push(cloneElement(element, { key }));
    else nodes.push(cloneElement(element, { key }, ...richText(inner ?? '', values, tags)));
    last = match.index + whole.length;
  }
  if (last < filled.length) nodes.push(filled.slice(last));
  return nodes;
};

/** `richText` as an element, e.g. a paragraph's content. */
export const Rich = ({ text, values, tags }: { text: string; values: RichValues; tags: RichTags }) => (
  <Fragment>{richText(text, values, tags)}</Fragment>
);
