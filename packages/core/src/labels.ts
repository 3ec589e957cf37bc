/** Spec §4, §8: success notices, word for word. */
export const notices = {
  codeVerified: 'Code has been verified',
  accountRegistered: 'Account successfully registered',
  passwordUpdated: 'Password successfully updated',
  accountLinked: 'Account successfully linked',
  alreadyRegistered: 'This account has already been registered.',
  alreadyVerified: 'This account has already been verified.',
} as const;

/** Spec §1, §2, §4, §8: screen texts, word for word (note the space before the comma in the tagline). */
export const labels = {
  goToLogin: 'Go to login',
  enterCode: 'Enter verification code',
  reenterCode: 'Re-enter verification code',
  resendAfter: (seconds: number): string => `Resend code after ${seconds} sec.`,
  resendCode: 'Resend code',
  sending: 'Sending. . .',
  submit: 'Submit',
  reset: 'Reset',
  redirecting: 'Redirecting',
  resetPassword: 'Reset password',
  setUpPassword: 'Set up password',
  termsLine:
    'By clicking submit, you agree with our Terms and conditions, Data privacy policy and Cookie policy',
  termsLink: 'Terms and conditions',
  privacyLink: 'Data privacy policy',
  cookieLink: 'Cookie policy',
  termsPage: 'Terms and Conditions',
  privacyPage: 'Data Policy',
  cookiePage: 'Cookies Policy',
  error404: 'Error 404',
  loadingChunkFailed: (chunk: string | number): string => `Loading chunk ${chunk} failed`,
  ssoErrorTitle: 'SHEEESSHH!',
  ssoErrorSubtitle: 'Well, this is unexpected. . .',
  ssoErrorBody:
    "We were unable to authenticate you because your tool did not provide the proper authorization. Please contact your tool's customer support for assistance with this issue.",
  ssoErrorCodePrefix: 'Error code: ',
  tagline: 'One account for Personal , Business and more.',
  headline: 'GROW YOUR CAREER & BUSINESS',
  subline: '10x FASTER, 10x HIGHER & 10x BIGGER!',
  personalCard: 'Launch your Career Potential',
  businessCard: 'Empower your Business',
  personalTab: 'Personal',
  businessTab: 'Business',
  signIn: 'Sign in',
  businessSignIn: 'Business Sign in',
  personalSignIn: 'Personal Sign in',
  installBeforeProceed: 'Before you proceed!',
  installBody:
    "Let's make your extraordinary journey in the product easier by installing the tool's app in your device.",
  installNow: 'INSTALL NOW',
  installClickOutside: 'Click outside to exit',
  installProceedLogout: 'Proceed to logout',
  poweredBy: 'Powered by',
} as const;

/** Spec §2 password screens: the line with its three legal links, in order, for rendering as parts. */
export const termsLineParts = [
  { text: 'By clicking submit, you agree with our ' },
  { text: labels.termsLink, link: 'terms' },
  { text: ', ' },
  { text: labels.privacyLink, link: 'privacy' },
  { text: ' and ' },
  { text: labels.cookieLink, link: 'cookies' },
] as const;
