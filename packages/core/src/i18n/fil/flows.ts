import type { Catalogue } from '../catalogue.js';
import type { flows as en } from '../en/flows.js';

/**
 * Filipino texts of the consent, switching and work-account screens and of the provider's pages
 * (en/flows.ts). Following docs/glossary.md: i-link, mag-sign in, mag-log in, default na platform.
 */
export const flows = {
  'consent.title': 'Payagan ang access sa iyong account?',
  'consent.wants': 'Gusto kang i-sign in ng <client /> gamit ang iyong account.',
  'consent.receives': 'Ang matatanggap nito:',
  'consent.item.identifier': 'Isang identifier ng iyong account',
  'consent.item.email': 'Ang iyong email address',
  'consent.item.name': 'Ang iyong pangalan',
  'consent.item.platforms': 'Ang mga platform na kinabibilangan ng iyong account (Personal, Business)',
  'consent.item.account_type': 'Ang uri ng iyong account',
  'consent.remembered': 'Tatandaan namin ang iyong sagot. Hindi kailanman ibinabahagi ang iyong password.',
  'consent.allow': 'Payagan',
  'consent.deny': 'Tanggihan',

  'device.title': 'Mag-sign in sa isang device',
  'device.intro':
    'I-type ang code na ipinapakita ng iyong device. Saka mag-sign in dito para matapos ang pag-sign in doon.',
  'device.codeLabel': 'Code mula sa iyong device',
  'device.continue': 'Magpatuloy',
  'device.confirmTitle': 'Mag-sign in sa device na ito?',
  'device.confirmText':
    'Hinihiling ng <client /> na ma-sign in gamit ang iyong account. Tiyaking ipinapakita ng iyong device ang code na ito:',
  'device.confirm': 'Oo, mag-sign in',
  'device.cancel': 'Hindi, kanselahin',
  'device.doneTitle': 'Naka-sign in na ang iyong device',
  'device.done': 'Maaari ka nang bumalik sa iyong device. Puwede mo nang isara ang page na ito.',
  'device.startAgain': 'Mag-type muli ng code',
  'device.problem.not_found':
    'Walang device na naghihintay sa code na ito. Tingnan ang code at subukan muli.',
  'device.problem.expired': 'Nag-expire na ang code na ito. Simulan muli ang pag-sign in sa iyong device.',
  'device.problem.used': 'Nagamit na ang code na ito. Simulan muli ang pag-sign in sa iyong device.',
  'device.problem.aborted': 'Kinansela ang pag-sign in sa device.',
  'device.problem.missing': 'I-type ang code na ipinapakita ng iyong device.',
  'device.problem.failed': 'Nag-expire ang page na ito. I-type muli ang code.',
  'device.problem.rate_limited':
    'Masyadong maraming code ang sinubukan. Maghintay ng ilang minuto, saka subukan muli.',

  'switching.account': 'Email, mobile number o username',
  'switching.forgotPassword': 'Nakalimutan ang password?',
  'switching.cancel': 'Kanselahin',
  'switching.linkAccount': 'I-link ang account',
  'switching.signedInAs': 'Naka-sign in bilang <account />',
  'switching.signInFirst': 'Gumagana ito sa account na naka-sign in. Mag-log in muna, saka bumalik dito.',
  'switching1.title': 'I-link ang iyong account sa {platform}',
  'switching1.description':
    'Nakarehistro ang iyong account sa {other}. Mag-log in gamit ito nang isang beses para magamit mo rin ito sa {platform}.',
  'switching1.notAllowed': 'Nagsisimula ang pag-link sa login ng {platform}.',
  'switching2.title': 'I-link sa isang parent account',
  'switching2.description':
    'Ilagay ang account ng business owner kung saan ili-link ang iyong account, at pagkatapos ang password nito.',
  'switching2.account': 'Parent account',
  'switching3.title': 'Piliin ang iyong default na platform',
  'switching3.description': 'Ang default na platform ang bubukas sa iyo kapag nag-log in ka.',
  'switching3.legend': 'Default na platform',
  'switching3.linked': 'Na-link noong {date}',
  'switching3.current': 'Default ngayon',
  'switching3.alreadyDefault': 'Ang {platform} na ang iyong default na platform.',
  'switching3.continue': 'Magpatuloy',
  'switching3f.title': 'Kumpirmahin ang iyong default na platform',
  'switching3f.make':
    'Gawing default na platform ang <platform />. Ilagay ang iyong password para kumpirmahin.',
  'switching3f.makeInstead':
    'Gawing default na platform ang <platform /> sa halip na {current}. Ilagay ang iyong password para kumpirmahin.',
  'switching3f.confirm': 'Kumpirmahin',
  'switching3f.done': 'Ang {platform} na ang iyong default na platform ngayon.',
  'switching3f.chooseAgain': 'Pumiling muli',
  'switching3f.chooseAnother': 'Pumili ng ibang platform',

  'workAccount.title': 'I-verify ang iyong work account',
  'workAccount.invited': 'Inimbitahan ni <inviter /> si <account /> sa {platform}',
  'workAccount.enterCode': 'Ilagay ang 6-digit na verification code mula sa iyong invitation email.',
  'workAccount.incomplete':
    'Kulang ang invitation link na ito. Buksan muli ang link sa iyong invitation email.',
  'workAccount.expired':
    'Expired na ang imbitasyong ito. Hilingin sa business owner na nag-imbita sa iyo na magpadala ng bago.',
  'workAccount.invalid':
    'Hindi na valid ang invitation link na ito. Hilingin sa business owner na nag-imbita sa iyo na magpadala ng bago.',
  'workAccount.passwordDescription': 'Pumili ng password para matapos ang pag-set up ng iyong work account.',

  'oidcPage.signOutTitle': 'Mag-sign out sa {product}?',
  'oidcPage.signOut': 'Mag-sign out',
  'oidcPage.signedOutTitle': 'Naka-sign out ka na',
  'oidcPage.signedOut': 'Puwede mo nang isara ang window na ito.',
  'oidcPage.errorTitle': 'Hindi naituloy ang pag-sign in',
  'oidcPage.error':
    'Hindi matatapos ang hiling ng application na nagpadala sa iyo rito. Kung paulit-ulit itong nangyayari, ibigay sa support nito ang mga detalye sa ibaba.',

  // Ang pahina ng pag-sign out (apps/server/src/sso/logout.ts).
  'logoutPage.title': 'Mag-sign out sa {product}?',
  'logoutPage.toolAsks': 'Hinihiling ng {tool} na mag-sign out ka.',
  'logoutPage.pageAsks': 'May isang page na humihiling na mag-sign out ka.',
  'logoutPage.explain':
    'Kapag nag-sign out ka sa {product}, masa-sign out ka rito at kailangan mong mag-sign in ulit sa bawat site na gumagamit nito.',
  'logoutPage.confirm': 'Mag-sign out',
  'logoutPage.stay': 'Manatiling naka-sign in',
} as const satisfies Catalogue<typeof en>;
