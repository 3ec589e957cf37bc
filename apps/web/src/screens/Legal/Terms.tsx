import { type DocumentProps, Items, Section, useLegalText } from './parts';

/**
 * Spec §1 terms: adults only (18+), prices in Philippine Peso, termination notice, Philippine law and
 * arbitration. The structure; each language's words are in en.ts, fil.ts.
 */
export const Terms = ({ words }: DocumentProps) => {
  const text = useLegalText(words);
  const w = words.terms;
  return (
    <>
      <Section number={1} title={w.about.title}>
        <p>{text(w.about.text)}</p>
      </Section>
      <Section number={2} title={w.who.title}>
        <p>{text(w.who.text)}</p>
      </Section>
      <Section number={3} title={w.account.title}>
        <Items items={w.account.items} text={text} />
      </Section>
      <Section number={4} title={w.tools.title}>
        <p>{text(w.tools.text)}</p>
      </Section>
      <Section number={5} title={w.prices.title}>
        <p>{text(w.prices.text)}</p>
      </Section>
      <Section number={6} title={w.use.title}>
        <p>{text(w.use.intro)}</p>
        <Items items={w.use.items} text={text} />
      </Section>
      <Section number={7} title={w.ending.title}>
        <p>{text(w.ending.text)}</p>
      </Section>
      <Section number={8} title={w.liability.title}>
        <p>{text(w.liability.text)}</p>
      </Section>
      <Section number={9} title={w.law.title}>
        <p>{text(w.law.governed)}</p>
        <p>{text(w.law.dispute)}</p>
        <p>{text(w.law.arbitration)}</p>
      </Section>
      <Section number={10} title={w.changes.title}>
        <p>{text(w.changes.text)}</p>
      </Section>
    </>
  );
};
