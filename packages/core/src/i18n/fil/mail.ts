import type { Catalogue } from '../catalogue.js';
import type { mail as en } from '../en/mail.js';

/** Filipino mail texts (namespace `mail`). */
export const mail = {
  'signup.subject': 'Ang iyong verification code sa {product}',
  'signup.intro': 'Gamitin ang code na ito para matapos ang pag-sign up mo sa {product}:',
  'reset.subject': 'Ang iyong code para i-reset ang password sa {product}',
  'reset.intro': 'Gamitin ang code na ito para i-reset ang password ng iyong {product} account:',
  'work_account.subject': 'Ang iyong verification code sa {product}',
  'work_account.intro': 'Gamitin ang code na ito para i-verify ang iyong work account sa {product}:',
  'email_change.subject': 'Ang iyong code para palitan ang email sa {product}',
  'email_change.intro':
    'Gamitin ang code na ito para gawing email ng iyong {product} account ang address na ito:',
  lifetime_one: 'Mag-e-expire ang code na ito sa loob ng {count} minuto.',
  lifetime_other: 'Mag-e-expire ang code na ito sa loob ng {count} minuto.',
  ignore:
    'Kung hindi ikaw ang humingi ng code na ito, puwede mong balewalain ang email na ito: walang magbabago kung wala ito.',
  neverShare: 'Huwag ibigay kaninuman ang code na ito: hindi ito kailanman hihingin sa iyo ng {product}.',
  'code.button': 'Ilagay ang code',
  'invite.subject': 'Inimbitahan ka ni {inviter} sa isang work account sa {product}',
  'invite.intro':
    'Idinagdag ka ni {inviter} bilang user ng kanilang business sa {product}. Buksan ang link sa ibaba at ilagay ang code na ito para i-verify ang iyong work account:',
  'invite.button': 'I-verify ang work account',
  'invite.ignore':
    'Kung hindi mo kilala si {inviter} o hindi mo inaasahan ang imbitasyong ito, puwede mong balewalain ang email na ito.',
  'passwordSet.subject': 'Nagawa na ang iyong password sa {product}',
  'passwordSet.what': 'Nagawa ang password ng iyong {product} account noong {when}.',
  'passwordChanged.subject': 'Napalitan ang iyong password sa {product}',
  'passwordChanged.what': 'Napalitan ang password ng iyong {product} account noong {when}.',
  'password.sessionsEnded': 'Na-sign out ang iba mo pang device.',
  'password.help':
    'Kung ikaw ito, wala kang kailangang gawin. Kung hindi, i-reset agad ang iyong password sa {product}: tatapusin ng reset ang lahat ng session.',
  'emailChanged.subject': 'Napalitan ang iyong email address sa {product}',
  'emailChanged.what':
    'Napalitan ang email address ng iyong {product} account ng {email} noong {when}. Hindi na makakapag-sign in ang address na ito.',
  'emailChanged.help':
    'Kung ikaw ito, wala kang kailangang gawin. Kung hindi, makipag-ugnayan agad sa support ng {product}.',
  'emailNew.subject': 'Ito na ang email address ng iyong {product} account',
  'emailNew.what':
    'Ang address na ito, {email}, ang naging email address ng iyong {product} account noong {when}. Ito na ang gagamitin mo sa pag-sign in.',
  'emailNew.help':
    'Kung ikaw ito, wala kang kailangang gawin. Kung hindi, tingnan ang iyong pahina ng Seguridad at makipag-ugnayan sa support ng {product}.',
  'deletion.subject': 'Buburahin na ang iyong {product} account',
  'deletion.intro':
    'Hiniling mong burahin ang iyong {product} account. Buburahin ito sa {when}, kasama ang iyong profile, mga platform, link, tool at session.',
  'deletion.cancel':
    'Nagbago ang isip mo? Mag-sign in sa {product} bago ang araw na iyon at makakansela ang pagbura.',
  'deletion.notYou':
    'Kung hindi ikaw ang humiling nito, mag-sign in ngayon para kanselahin ito, saka palitan ang iyong password.',
  'device.named': '{browser} sa {os}',
  'device.unknown': 'isang hindi kilalang browser',
  'newDevice.subject': 'Bagong pag-sign in sa iyong {product} account',
  'newDevice.what': 'Na-sign in ang iyong {product} account mula sa bagong device: {device}, noong {when}.',
  'newDevice.help':
    'Kung ikaw ito, wala kang kailangang gawin. Kung hindi, palitan agad ang iyong password at i-sign out ang device na iyon sa iyong pahina ng Mga Device.',
  'newDevice.button': 'Tingnan ang iyong mga device',
  'passwordLimit.subject': 'May sumubok ng maling password sa iyong {product} account',
  'passwordLimit.what':
    'Na-type ang maling password para sa iyong {product} account nang {count} beses nang sunod-sunod, huli noong {when}. Kailangan nang maghintay ang bawat susunod na subok.',
  'passwordLimit.help':
    'Kung ikaw ito, maghintay sandali o i-reset ang iyong password. Kung hindi, baka may nanghuhula: tiyaking hindi mo ginagamit ang password na ito sa ibang lugar, at magdagdag ng second factor sa iyong pahina ng Seguridad.',
  'security.button': 'Buksan ang iyong pahina ng Seguridad',
  'totpAdded.subject': 'May idinagdag na authenticator app sa iyong {product} account',
  'totpAdded.what':
    'May na-set up na authenticator app bilang second factor ng iyong {product} account noong {when}.',
  'totpRemoved.subject': 'Inalis ang authenticator app sa iyong {product} account',
  'totpRemoved.what':
    'Inalis ang authenticator app sa mga second factor ng iyong {product} account noong {when}.',
  'passkeyAdded.subject': 'May idinagdag na passkey sa iyong {product} account',
  'passkeyAdded.what': 'May idinagdag na passkey sa iyong {product} account noong {when}.',
  'passkeyRemoved.subject': 'May inalis na passkey sa iyong {product} account',
  'passkeyRemoved.what': 'May inalis na passkey sa iyong {product} account noong {when}.',
  'factor.help':
    'Kung ikaw ito, wala kang kailangang gawin. Kung hindi, palitan agad ang iyong password at tingnan ang iyong pahina ng Seguridad.',
} as const satisfies Catalogue<typeof en>;
