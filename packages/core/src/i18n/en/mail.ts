/**
 * English mail texts (namespace `mail`), rendered by apps/server/src/mail/templates.ts in the
 * language the person used when the mail was asked for. `{product}` is the product's name.
 */
export const mail = {
  'signup.subject': 'Your {product} verification code',
  'signup.intro': 'Use this code to finish signing up for {product}:',
  'reset.subject': 'Your {product} password reset code',
  'reset.intro': 'Use this code to reset the password of your {product} account:',
  'work_account.subject': 'Your {product} verification code',
  'work_account.intro': 'Use this code to verify your work account on {product}:',
  'email_change.subject': 'Your {product} email change code',
  'email_change.intro': 'Use this code to make this address the email of your {product} account:',
  lifetime_one: 'This code expires in {count} minute.',
  lifetime_other: 'This code expires in {count} minutes.',
  ignore: 'If you did not ask for this code, you can ignore this email: nothing changes without it.',
  neverShare: 'Never share this code: {product} will never ask you for it.',
  'code.button': 'Enter the code',
  'invite.subject': '{inviter} invited you to a work account on {product}',
  'invite.intro':
    '{inviter} added you as a user of their business on {product}. Open the link below and enter this code to verify your work account:',
  'invite.button': 'Verify work account',
  'invite.ignore':
    'If you do not know {inviter} or did not expect this invitation, you can ignore this email.',
  'passwordSet.subject': 'Your {product} password was set',
  'passwordSet.what': 'The password of your {product} account was set on {when}.',
  'passwordChanged.subject': 'Your {product} password was changed',
  'passwordChanged.what': 'The password of your {product} account was changed on {when}.',
  'password.sessionsEnded': 'Your other devices were signed out.',
  'password.help':
    'If this was you, you need to do nothing. If it was not, reset your password on {product} now: the reset ends every session.',
  'emailChanged.subject': 'Your {product} email address was changed',
  'emailChanged.what':
    'The email address of your {product} account was changed to {email} on {when}. This address no longer signs in.',
  'emailChanged.help':
    'If this was you, you need to do nothing. If it was not, contact {product} support right away.',
  'emailNew.subject': 'This is now the email address of your {product} account',
  'emailNew.what':
    'This address, {email}, became the email address of your {product} account on {when}. From now on you sign in with it.',
  'emailNew.help':
    'If this was you, you need to do nothing. If it was not, check your Security page and contact {product} support.',
  'deletion.subject': 'Your {product} account will be deleted',
  'deletion.intro':
    'You asked us to delete your {product} account. It will be deleted on {when}, with your profile, platforms, links, tools and sessions.',
  'deletion.cancel': 'Changed your mind? Sign in to {product} before then and the deletion is cancelled.',
  'deletion.notYou': 'If you did not ask for this, sign in now to cancel it, then change your password.',
  'device.named': '{browser} on {os}',
  'device.unknown': 'an unknown browser',
  'newDevice.subject': 'New sign-in to your {product} account',
  'newDevice.what': 'Your {product} account was signed in from a new device: {device}, on {when}.',
  'newDevice.help':
    'If this was you, you need to do nothing. If it was not, change your password now and sign that device out on your Devices page.',
  'newDevice.button': 'Review your devices',
  'passwordLimit.subject': 'Wrong passwords were tried on your {product} account',
  'passwordLimit.what':
    'A wrong password was typed for your {product} account {count} times in a row, most recently on {when}. Each further try now has to wait.',
  'passwordLimit.help':
    'If this was you, wait a moment or reset your password. If it was not, someone may be guessing: make sure your password is not used anywhere else, and add a second factor on your Security page.',
  'security.button': 'Open your Security page',
  'totpAdded.subject': 'An authenticator app was added to your {product} account',
  'totpAdded.what': 'An authenticator app was set up as a second factor of your {product} account on {when}.',
  'totpRemoved.subject': 'The authenticator app was removed from your {product} account',
  'totpRemoved.what':
    'The authenticator app was removed from the second factors of your {product} account on {when}.',
  'passkeyAdded.subject': 'A passkey was added to your {product} account',
  'passkeyAdded.what': 'A passkey was added to your {product} account on {when}.',
  'passkeyRemoved.subject': 'A passkey was removed from your {product} account',
  'passkeyRemoved.what': 'A passkey was removed from your {product} account on {when}.',
  'factor.help':
    'If this was you, you need to do nothing. If it was not, change your password now and check your Security page.',
} as const;
