import type { Catalogue } from '../catalogue.js';
import type { signin as en } from '../en/signin.js';

/**
 * Filipino texts of the sign-in path and the chrome (see en/signin.ts), following docs/glossary.md:
 * mag-log in, mag-sign in, account, password, code, tool; Personal, Business and the providers'
 * names stay as they are.
 */
export const signin = {
  'menu.yourAccount': 'Ang iyong account: {name}',
  'menu.account': 'Account',
  logOut: 'Mag-log out',
  'menu.otherAccounts': 'Iba pang account sa device na ito',
  'menu.switchTo': 'Lumipat kay {name}',
  'menu.addAccount': 'Magdagdag ng ibang account',
  'menu.signOutAll': 'Mag-sign out sa lahat ng account',
  'continueAs.heading': 'Naka-sign in sa device na ito',
  'continueAs.button': 'Magpatuloy bilang {name}',
  'continueAs.another': 'Gumamit ng ibang account',

  'landing.choosePlatform': 'Piliin ang iyong platform',
  'landing.personalText':
    'Isang personal na account para sa iyong karera: ang iyong profile, ang paghahanap mo ng trabaho at ang mga tool na tutulong sa iyong umangat.',
  'landing.businessText':
    'Isang business account para sa iyong kumpanya: ang iyong team, ang pagkuha mo ng tauhan, ang iyong tindahan at ang mga tool na nagpapatakbo nito.',
  'landing.getStarted': 'Magsimula',
  'landing.getStartedWith': 'Magsimula sa {platform}',
  'landing.logInTo': 'Mag-log in sa {platform}',
  'landing.continue': 'Magpatuloy',
  'landing.continueTo': 'Magpatuloy sa {platform}',

  'login.description': 'Mag-log in sa {platform} gamit ang iyong email, mobile number o username.',
  'login.account': 'Email, mobile number o username',
  'login.forgotPassword': 'Nakalimutan ang password?',
  'login.newHere': 'Bago ka rito?',
  'login.signUp': 'Mag-sign up',
  'login.passkey': 'Mag-sign in gamit ang passkey',
  'login.accountShown': 'Account: ',
  'login.checkingBrowser': 'Sinusuri ang iyong browser…',
  'toolLogin.title': 'Mag-log in sa {tool}',
  'toolLogin.description':
    'Mag-log in gamit ang account na ginagamit mo sa {tool}, at ibabalik ka namin doon pagkatapos.',
  'toolLogin.yourTool': 'iyong tool',
  'toolLogin.incomplete': 'Kulang ang link na ito para mag-sign in. Pakisimulang muli mula sa iyong tool.',

  'socialLink.explain':
    'May account na sa email na ito. Ilagay nang isang beses ang password nito para i-link dito ang pag-sign in mo gamit ang {provider}; pagkatapos nito, diretso ka nang masa-sign in ng “{button}”.',
  'socialLink.submit': 'I-link ang {provider} at mag-log in',
  'socialLink.gone': 'Hindi nakita ang session na ito. Pakisimulang muli.',
  'socialLink.backToLogin': 'Bumalik sa login',

  'secondFactor.title': 'Kumpirmahing ikaw ito',
  'secondFactor.totpPrompt': 'Ilagay ang 6-digit na code mula sa iyong authenticator app.',
  'secondFactor.recoveryPrompt':
    'Ilagay ang isa sa mga recovery code na na-save mo noong nag-set up ka ng iyong authenticator app.',
  'secondFactor.recoveryLabel': 'Recovery code',
  'secondFactor.useRecovery': 'Gumamit ng recovery code',
  'secondFactor.useTotp': 'Gamitin ang iyong authenticator app',
  'secondFactor.passkeyPrompt':
    'Gumamit ng passkey na naka-save sa device na ito, sa iyong phone o sa isang security key.',
  'secondFactor.usePasskey': 'Gumamit ng passkey',
  'secondFactor.passkeyUnsupported':
    'Hindi makagamit ng passkey ang browser na ito. Mag-sign in sa device na kaya ito, o magsimulang muli.',
  'secondFactor.submit': 'Magpatuloy',
  'secondFactor.cancel': 'Magsimulang muli',
  'secondFactor.enrolTitle': 'Mag-set up ng authenticator app',
  'secondFactor.enrolPrompt':
    'May ikalawang hakbang ang pag-sign in dito. I-scan ang QR code na ito gamit ang iyong authenticator app, saka ilagay ang 6-digit na code na ipapakita nito.',
  'secondFactor.qrAlt': 'QR code para sa iyong authenticator app',
  'secondFactor.secretLabel': 'Hindi ma-scan? Ilagay na lang ang key na ito:',
  'secondFactor.recoveryCodesTitle': 'I-save ang iyong mga recovery code',
  'secondFactor.recoveryCodesPrompt':
    'Kapag nawala ang phone mo, makakapag-sign in ka nang isang beses gamit ang bawat isa sa mga code na ito. Itago ang mga ito sa ligtas na lugar: hindi na ito ipapakita ulit.',
  'secondFactor.savedCodes': 'Na-save ko na, magpatuloy',
} as const satisfies Catalogue<typeof en>;
