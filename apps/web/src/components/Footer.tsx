import { COPYRIGHT_YEAR } from '@hub/core';
import { PRODUCT_NAME } from '../lib/brand';
import { legalPages } from '../lib/legal-pages';

/** Spec §2: links to the three legal pages, each opening in a new tab, and the 2023 copyright line. */
export const Footer = () => (
  <footer className="border-t border-slate-200/80 bg-white/60">
    <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-sm text-slate-500 tablet:flex-row tablet:justify-between tablet:px-6">
      <nav aria-label="Legal">
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
          {legalPages.map((page) => (
            <li key={page.id}>
              <a
                href={page.path}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded hover:text-slate-900 hover:underline"
              >
                {page.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p>{`© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}`}</p>
    </div>
  </footer>
);
