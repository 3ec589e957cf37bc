import { type DocumentProps, Items, Section, useLegalText } from './parts';

/**
 * Spec §1 data policy: privacy-law compliance; withdraw consent, correct, erase, access; answered
 * within 21 days. The structure; each language's words are in en.ts, fil.ts.
 */
export const Privacy = ({ words }: DocumentProps) => {
  const text = useLegalText(words);
  const w = words.privacy;
  return (
    <>
      <Section number={1} title={w.commitment.title}>
        <p>{text(w.commitment.text)}</p>
      </Section>
      <Section number={2} title={w.collect.title}>
        <Items items={w.collect.items} text={text} />
      </Section>
      <Section number={3} title={w.why.title}>
        <p>{text(w.why.text)}</p>
      </Section>
      <Section number={4} title={w.share.title}>
        <Items items={w.share.items} text={text} />
      </Section>
      <Section number={5} title={w.protect.title}>
        <p>{text(w.protect.text)}</p>
      </Section>
      <Section number={6} title={w.rights.title}>
        <p>{text(w.rights.intro)}</p>
        <Items items={w.rights.items} text={text} />
        <p>{text(w.rights.response)}</p>
      </Section>
      <Section number={7} title={w.contact.title}>
        <p>{text(w.contact.text)}</p>
      </Section>
      <Section number={8} title={w.cookies.title}>
        <p>{text(w.cookies.text)}</p>
      </Section>
    </>
  );
};
