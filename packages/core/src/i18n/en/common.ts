/**
 * English screen texts (namespace `common`). The spec's quoted texts are here word for word
 * (punctuation and spacing included: i18n.test.ts compares them with labels.ts and notices); the
 * rest are ours. Keys are flat (`signup.title`); `{name}` is a parameter; `_one`/`_other` are the
 * plural forms chosen by `count`; `<terms>…</terms>` marks a link the screen puts around the words.
 */
import { labels, notices } from '../../labels.js';
import { flows } from './flows.js';
import { signin } from './signin.js';

// The spec's texts come from labels.ts and notices themselves, so they are written once; the three
// labels that are functions or carry link tags here are given their catalogue form below.
const {
  resendAfter: _resendAfter,
  loadingChunkFailed: _loadingChunkFailed,
  termsLine: _termsLine,
  ...spec
} = labels;
type Notices = typeof notices;
const noticeTexts = Object.fromEntries(
  Object.entries(notices).map(([key, text]) => [`notice.${key}`, text]),
) as { readonly [K in keyof Notices as `notice.${K & string}`]: Notices[K] };

export const common = {
  // Spec §1, §2, §4, §8 (labels.ts, notices).
  ...spec,
  ...noticeTexts,
  resendAfter_one: 'Resend code after {count} sec.',
  resendAfter_other: 'Resend code after {count} sec.',
  termsLine:
    'By clicking submit, you agree with our <terms>Terms and conditions</terms>, <privacy>Data privacy policy</privacy> and <cookies>Cookie policy</cookies>',
  loadingChunkFailed: 'Loading chunk {chunk} failed',
  // Spec §5 password hints and §4 strength (core password.ts).
  'hint.length': 'Minimum of 8 characters',
  'hint.lower_case': 'Lower case',
  'hint.upper_case': 'Upper case',
  'hint.number': 'Number (123)',
  'hint.symbol': 'Symbol (eg. @*#-)',
  'strength.Poor': 'Poor',
  'strength.Average': 'Average',
  'strength.Strong': 'Strong',

  // Ours: the app's chrome.
  skipToContent: 'Skip to content',
  loading: 'Loading',
  loadingProduct: 'Loading {product}',
  dismiss: 'Dismiss',
  back: 'Back',
  next: 'Next',
  retry: 'Retry',
  tryAgain: 'Try again',
  continueTo: 'Continue to <tool />',
  startAgain: 'Start again',
  logIn: 'Log in',
  opensInNewTab: ' (opens in a new tab)',
  home: '{product} home',
  noscript: '{product} needs JavaScript to sign you in. Please enable it and reload the page.',
  chunkFailed: 'Something went wrong while showing this page.',
  'footer.legal': 'Legal',
  'legal.nav': 'Legal documents',
  'legal.governs':
    'This is a translation for your convenience. If it differs from the English version, the English version governs.',
  'language.label': 'Language',
  'language.choose': 'Choose a language',
  'platform.nav': 'Platform',
  'meta.terms':
    'The terms of {product}: who may use it, prices, ending an account and how disputes are settled.',
  'meta.privacy':
    'How {product} handles your personal data, and your rights to access, correct and erase it and to withdraw consent.',
  'meta.cookies':
    'The cookies {product} uses to keep you signed in, and how to manage cookies in your browser.',

  // Ours: the landing page.
  'landing.quote': 'One step today, ten steps ahead tomorrow.',
  'landing.posterTitle': 'See {product} in action',
  'landing.posterLine': 'One account for Personal, Business and more.',
  'landing.videoTitle': '{product} promotional video',
  'video.play': 'Play video: {title}',
  'video.offline': 'The video needs an internet connection. Connect, then press play again.',

  // Ours: the SSO handler.
  'sso.waiting': 'Signing you in',

  // Ours: sign-up, reset and the code step.
  'signup.title': 'Sign up',
  'signup.description':
    'Create one account for Personal, Business and more. We will email you a 6-digit code.',
  'signup.account': 'Email',
  'signup.haveAccount': 'Already have an account?',
  'reset.description': 'Enter your account and we will send you a verification code.',
  'reset.account': 'Email, mobile number or username',
  'reset.remembered': 'Remembered it?',
  'reset.fromSupport': 'Support sent a verification code to your email. Enter it to set a new password.',
  'code.sent': 'We sent a 6-digit verification code to this account.',
  'code.legend': 'Verification code',
  'code.digit': 'Digit {index} of {total}',
  'code.resent': 'A new verification code has been sent.',
  'code.devMailbox': 'This is a local hub without a mail server: the code is in the dev mailbox.',
  'code.devMailboxLink': 'Open the dev mailbox',
  'code.pasteTooLong': 'That text has more digits than a 6-digit code. Paste only the code.',

  // Ours: the password screens.
  'password.label': 'Password',
  'password.new': 'New password',
  'password.reenter': 'Re-enter password',
  'password.show': 'Show password',
  'password.strength': 'Password strength: ',
  'password.stillNeeds': 'Your password still needs:',
  'password.resetDescription': 'Choose a new password for your account.',
  'password.setupDescription': 'Choose a password to finish creating your account.',

  // Ours: third-party sign-in (core contracts/social.ts).
  'social.label': 'Other ways to sign in',
  'social.or': 'or',
  'social.google': 'Sign in with Google',
  'social.facebook': 'Continue with Facebook',
  'socialError.cancelled': 'Sign-in was cancelled.',
  'socialError.unavailable': 'The provider is not available right now. Please try again later.',
  'socialError.email_unverified':
    'Your email address is not verified with this provider. Verify it there, or sign in with your password.',
  'socialError.email_missing':
    'The provider did not share an email address. Allow email access, or sign in with your password.',
  'socialError.company_on_personal': 'Company accounts cannot be used on the Personal platform.',
  'socialError.client_refused': 'Clients are unable to use their accounts in this particular system.',
  'socialError.state_refused': 'This sign-in could not be verified. Please start again.',
  'socialError.not_registered_to_tool': 'Account is not registered to this tool.',
  'socialError.disabled': 'This sign-in option is not available.',
  'socialError.already_linked':
    'That account is already linked to another account here. Sign in with it instead.',
  'socialError.provider_linked': 'You already have one of these linked. Unlink it first to link another.',
  ...signin,
  ...flows,
} as const;
