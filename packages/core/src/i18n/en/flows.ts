/**
 * English texts of the OpenID Connect consent screen, the switching screens (option1, option2,
 * option3 and its finalize), the work-account verification screen, and the pages oidc-provider
 * shows (rendered by the server: sign-out, signed out, an error). Spread into `common`. Keys are
 * namespaced by screen so they cannot meet another file's.
 */
export const flows = {
  // The OpenID Connect consent screen (screens/OidcConsent). `<client />` is the client's name.
  'consent.title': 'Allow access to your account?',
  'consent.wants': '<client /> wants to sign you in with your account.',
  'consent.receives': 'It will receive:',
  'consent.item.identifier': 'An identifier for your account',
  'consent.item.email': 'Your email address',
  'consent.item.name': 'Your name',
  'consent.item.platforms': 'The platforms your account belongs to (Personal, Business)',
  'consent.item.account_type': 'Your account type',
  'consent.remembered': 'Your answer is remembered. Your password is never shared.',
  'consent.allow': 'Allow',
  'consent.deny': 'Deny',

  // The device sign-in screen (screens/OidcDevice, RFC 8628). `<client />` is the device app's name.
  'device.title': 'Sign in on a device',
  'device.intro': 'Type the code your device shows. Then sign in here to finish signing in on it.',
  'device.codeLabel': 'Code from your device',
  'device.continue': 'Continue',
  'device.confirmTitle': 'Sign in on this device?',
  'device.confirmText':
    '<client /> asks to be signed in with your account. Check that your device shows this code:',
  'device.confirm': 'Yes, sign in',
  'device.cancel': 'No, cancel',
  'device.doneTitle': 'Your device is signed in',
  'device.done': 'You can go back to your device now. You may close this page.',
  'device.startAgain': 'Type a code again',
  'device.problem.not_found': 'No device is waiting for this code. Check the code and try again.',
  'device.problem.expired': 'This code has expired. Start the sign-in again on your device.',
  'device.problem.used': 'This code was already used. Start the sign-in again on your device.',
  'device.problem.aborted': 'The sign-in on the device was cancelled.',
  'device.problem.missing': 'Type the code your device shows.',
  'device.problem.failed': 'This page expired. Type the code again.',
  'device.problem.rate_limited': 'Too many codes were tried. Wait a few minutes, then try again.',

  // The switching screens and components/switching.
  'switching.account': 'Email, mobile number or username',
  'switching.forgotPassword': 'Forgot password?',
  'switching.cancel': 'Cancel',
  'switching.linkAccount': 'Link account',
  'switching.signedInAs': 'Signed in as <account />',
  'switching.signInFirst':
    'This works on the account you are signed in with. Log in first, then come back here.',
  'switching1.title': 'Link your account to {platform}',
  'switching1.description':
    'Your account is registered to {other}. Log in with it once to use it on {platform} too.',
  'switching1.notAllowed': 'Linking starts from the login of {platform}.',
  'switching2.title': 'Link to a parent account',
  'switching2.description':
    "Enter the business owner's account to link yours under, then that account's password.",
  'switching2.account': 'Parent account',
  'switching3.title': 'Choose your default platform',
  'switching3.description': 'Your default platform is the one you land on when you log in.',
  'switching3.legend': 'Default platform',
  'switching3.linked': 'Linked {date}',
  'switching3.current': 'Current default',
  'switching3.alreadyDefault': '{platform} is already your default platform.',
  'switching3.continue': 'Continue',
  'switching3f.title': 'Confirm your default platform',
  'switching3f.make': 'Make <platform /> your default platform. Enter your password to confirm.',
  'switching3f.makeInstead':
    'Make <platform /> your default platform instead of {current}. Enter your password to confirm.',
  'switching3f.confirm': 'Confirm',
  'switching3f.done': '{platform} is your default platform now.',
  'switching3f.chooseAgain': 'Choose again',
  'switching3f.chooseAnother': 'Choose another platform',

  // The work-account verification screen. `<inviter />` and `<account />` are the two accounts.
  'workAccount.title': 'Verify your work account',
  'workAccount.invited': '<inviter /> invited <account /> to {platform}',
  'workAccount.enterCode': 'Enter the 6-digit verification code from your invitation email.',
  'workAccount.incomplete':
    'This invitation link is incomplete. Open the link in your invitation email again.',
  'workAccount.expired':
    'This invitation has expired. Ask the business owner who invited you to send a new one.',
  'workAccount.invalid':
    'This invitation link is not valid any more. Ask the business owner who invited you to send a new one.',
  'workAccount.passwordDescription': 'Choose a password to finish setting up your work account.',

  // The pages oidc-provider shows, rendered by the server (apps/server/src/oidc/pages.ts).
  'oidcPage.signOutTitle': 'Sign out of {product}?',
  'oidcPage.signOut': 'Sign out',
  'oidcPage.signedOutTitle': 'You are signed out',
  'oidcPage.signedOut': 'You can close this window.',
  'oidcPage.errorTitle': 'Sign-in could not continue',
  'oidcPage.error':
    'The application that sent you here made a request that cannot be completed. If this keeps happening, give its support the details below.',

  // Single logout's confirmation page, rendered by the server (apps/server/src/sso/logout.ts).
  'logoutPage.title': 'Sign out of {product}?',
  'logoutPage.toolAsks': '{tool} asks to sign you out.',
  'logoutPage.pageAsks': 'A page asks to sign you out.',
  'logoutPage.explain':
    'Signing out of {product} signs you out here and you will be asked to sign in again on every site that uses it.',
  'logoutPage.confirm': 'Sign out',
  'logoutPage.stay': 'Stay signed in',
} as const;
