/**
 * English texts of the sign-in path and the chrome (namespace `common`, spread into common.ts):
 * the header and its menus, the landing's platform cards, the login and tool-login screens, the
 * second step of a sign-in, and linking a provider. None is a
 * spec text; the second step's words are core's `secondFactorTexts`, given here under `secondFactor.`.
 */
import { secondFactorTexts } from '../../second-factor.js';

type SecondFactorTexts = typeof secondFactorTexts;
const secondFactor = Object.fromEntries(
  Object.entries(secondFactorTexts).map(([key, text]) => [`secondFactor.${key}`, text]),
) as { readonly [K in keyof SecondFactorTexts as `secondFactor.${K & string}`]: SecondFactorTexts[K] };

export const signin = {
  // The header's menus (the signed-out 'Sign in' menu has its spec labels in common).
  'menu.yourAccount': 'Your account: {name}',
  'menu.account': 'Account',
  logOut: 'Log out',
  'menu.otherAccounts': 'Other accounts on this device',
  'menu.switchTo': 'Switch to {name}',
  'menu.addAccount': 'Add another account',
  'menu.signOutAll': 'Sign out of all accounts',

  // 'Continue as' on the login screens, for a browser with accounts signed in on it (docs/sessions.md).
  'continueAs.heading': 'Signed in on this device',
  'continueAs.button': 'Continue as {name}',
  'continueAs.another': 'Use another account',

  // The landing's platform cards: each button's name for screen readers adds the platform.
  'landing.choosePlatform': 'Choose your platform',
  'landing.personalText':
    'One personal account for your career: your profile, your job search and the tools that help you grow.',
  'landing.businessText':
    'One business account for your company: your team, your hiring, your shop and the tools that run it.',
  'landing.getStarted': 'Get started',
  'landing.getStartedWith': 'Get started with {platform}',
  'landing.logInTo': 'Log in to {platform}',
  'landing.continue': 'Continue',
  'landing.continueTo': 'Continue to {platform}',

  // The login and the tool login (the button and the title are `logIn`).
  'login.description': 'Log in to {platform} with your email, mobile number or username.',
  'login.account': 'Email, mobile number or username',
  'login.forgotPassword': 'Forgot password?',
  'login.newHere': 'New here?',
  'login.signUp': 'Sign up',
  'login.passkey': 'Sign in with a passkey',
  'login.accountShown': 'Account: ',
  // While the page solves a credential-stuffing challenge in the background (docs/security.md).
  'login.checkingBrowser': 'Checking your browser…',
  'toolLogin.title': 'Log in to {tool}',
  'toolLogin.description': 'Log in with the account you use for {tool}, then we will send you back to it.',
  /** Stands for the tool's name when its session does not give one. */
  'toolLogin.yourTool': 'your tool',
  'toolLogin.incomplete': 'This sign-in link is incomplete. Please start again from your tool.',

  // Linking a provider's sign-in to an existing account with its password.
  'socialLink.explain':
    'An account with this email already exists. Enter its password once to link your {provider} sign-in to it; afterwards “{button}” signs you in directly.',
  'socialLink.submit': 'Link {provider} and log in',
  'socialLink.gone': 'This session was not found. Please start again.',
  'socialLink.backToLogin': 'Back to log in',

  // The second step of a sign-in (core second-factor.ts).
  ...secondFactor,
} as const;
