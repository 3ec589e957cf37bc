import { routePath, termsLineParts } from '@hub/core';

/**
 * Spec §2 password screens: 'By clicking submit, you agree with our Terms and conditions, Data
 * privacy policy and Cookie policy'; the three names open the legal pages in a new tab.
 */
export const TermsLine = () => (
  <p className="text-xs leading-5 text-slate-600">
    {termsLineParts.map((part) =>
      'link' in part ? (
        <a
          key={part.link}
          href={routePath(part.link)}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          {part.text}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        part.text
      ),
    )}
  </p>
);
