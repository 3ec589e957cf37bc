import { type DocumentProps, Items, Section, useLegalText } from './parts';

/** The cookies the hub sets, in the order the table lists them. */
const cookieNames = ['hub_session', 'hub_fb', 'hub_lng'] as const;

/**
 * The cookies policy: only strictly necessary cookies (server-side sessions in HttpOnly cookies:
 * docs/security.md "Sessions"). The structure; each language's words are in en.ts, fil.ts.
 */
export const Cookies = ({ words }: DocumentProps) => {
  const text = useLegalText(words);
  const w = words.cookies;
  return (
    <>
      <Section number={1} title={w.what.title}>
        <p>{text(w.what.text)}</p>
      </Section>
      <Section number={2} title={w.used.title}>
        <p>{text(w.used.text)}</p>
        <table className="mt-2 w-full border-collapse text-left text-sm">
          <caption className="sr-only">{text(w.used.caption)}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-900">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {w.used.cookie}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {w.used.purpose}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {w.used.lasts}
              </th>
            </tr>
          </thead>
          <tbody>
            {cookieNames.map((name) => (
              <tr key={name} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-4 font-mono text-xs font-medium text-slate-900">
                  {name}
                </th>
                <td className="py-2 pr-4">{w.used.rows[name].purpose}</td>
                <td className="py-2">{w.used.rows[name].lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section number={3} title={w.similar.title}>
        <Items items={w.similar.items} text={text} />
      </Section>
      <Section number={4} title={w.video.title}>
        <p>{text(w.video.text)}</p>
      </Section>
      <Section number={5} title={w.managing.title}>
        <p>{text(w.managing.text)}</p>
      </Section>
    </>
  );
};
