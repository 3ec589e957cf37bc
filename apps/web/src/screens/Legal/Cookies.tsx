import { PRODUCT_NAME } from '../../lib/brand';
import { CookieExplainerLink, List, MainSiteLink, Section } from './parts';

const cookieRows = [
  {
    name: 'hub_session',
    purpose: 'Keeps you signed in, so you are not asked for your password on every visit.',
    lasts: '30 days, or until you log out',
  },
  {
    name: 'hub_fb',
    purpose:
      'Ties a sign-up, login or password reset in progress to your browser, so nobody else can finish it.',
    lasts: 'Until you close your browser',
  },
  {
    name: 'hub_lng',
    purpose:
      'Remembers the language you chose for the screens and emails. Unlike the others, the app’s scripts read it, to show the screens in that language.',
    lasts: '1 year',
  },
] as const;

/** The cookies policy: only strictly necessary cookies (server-side sessions in HttpOnly cookies: docs/security.md "Sessions"). */
export const Cookies = () => (
  <>
    <Section title="1. What cookies are">
      <p>
        Cookies are small text files that a website stores in your browser. To learn more about what they are
        and how they work, see <CookieExplainerLink>All About Cookies</CookieExplainerLink>.
      </p>
    </Section>
    <Section title="2. The cookies we use">
      <p>
        <MainSiteLink /> uses only strictly necessary cookies. They are sent only to this site, the ones that
        keep you signed in cannot be read by scripts, and none is used for advertising or tracking. On a
        secure connection the names of the sign-in cookies start with “__Host-”.
      </p>
      <table className="mt-2 w-full border-collapse text-left text-sm">
        <caption className="sr-only">Cookies set by {PRODUCT_NAME}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-900">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Cookie
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              What it does
            </th>
            <th scope="col" className="py-2 font-semibold">
              How long it lasts
            </th>
          </tr>
        </thead>
        <tbody>
          {cookieRows.map((row) => (
            <tr key={row.name} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 font-mono text-xs font-medium text-slate-900">
                {row.name}
              </th>
              <td className="py-2 pr-4">{row.purpose}</td>
              <td className="py-2">{row.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
    <Section title="3. Similar technologies">
      <List>
        <li>
          When a partner tool sends you here, your browser's local storage remembers which tool it was, so we
          can send you back to it. It is removed when you are done.
        </li>
        <li>
          If you install the {PRODUCT_NAME} app, your browser keeps a copy of the app's pages so that it opens
          quickly. It never keeps your account's data.
        </li>
      </List>
    </Section>
    <Section title="4. The promotional video">
      <p>
        The video on our home page comes from a video provider. Nothing is loaded from the provider until you
        press play; from then on, the provider's own cookie rules apply to the player.
      </p>
    </Section>
    <Section title="5. Managing cookies">
      <p>
        You can see and delete cookies in your browser's settings, and{' '}
        <CookieExplainerLink>All About Cookies</CookieExplainerLink> explains how in each browser. If you
        block the cookies above, you will not be able to sign in.
      </p>
    </Section>
  </>
);
