import type { Catalogue } from '../catalogue.js';
import type { common as en } from '../en/common.js';
import { flows } from './flows.js';
import { signin } from './signin.js';

/**
 * Filipino screen texts (namespace `common`). Written for people, not word for word; the terms
 * follow docs/glossary.md (account, code, password, platform, tool, mag-sign in, mag-log in…).
 * Personal and Business are the platforms' names and stay as they are.
 */
export const common = {
  goToLogin: 'Pumunta sa login',
  enterCode: 'Ilagay ang verification code',
  reenterCode: 'Ilagay muli ang verification code',
  resendAfter_one: 'Ipadala muli ang code pagkalipas ng {count} seg.',
  resendAfter_other: 'Ipadala muli ang code pagkalipas ng {count} seg.',
  resendCode: 'Ipadala muli ang code',
  sending: 'Ipinapadala. . .',
  submit: 'Isumite',
  reset: 'I-reset',
  redirecting: 'Inililipat ka na',
  resetPassword: 'I-reset ang password',
  setUpPassword: 'Gumawa ng password',
  termsLine:
    'Sa pag-click ng isumite, sumasang-ayon ka sa aming <terms>Mga Tuntunin at Kundisyon</terms>, <privacy>Patakaran sa Privacy ng Data</privacy> at <cookies>Patakaran sa Cookie</cookies>',
  termsLink: 'Mga Tuntunin at Kundisyon',
  privacyLink: 'Patakaran sa Privacy ng Data',
  cookieLink: 'Patakaran sa Cookie',
  termsPage: 'Mga Tuntunin at Kundisyon',
  privacyPage: 'Patakaran sa Data',
  cookiePage: 'Patakaran sa Cookies',
  error404: 'Error 404',
  loadingChunkFailed: 'Hindi na-load ang chunk {chunk}',
  ssoErrorTitle: 'SHEEESSHH!',
  ssoErrorSubtitle: 'Hala, hindi namin ito inaasahan. . .',
  ssoErrorBody:
    'Hindi ka namin ma-authenticate dahil hindi nagbigay ng tamang awtorisasyon ang iyong tool. Makipag-ugnayan sa customer support ng iyong tool para matulungan ka rito.',
  ssoErrorCodePrefix: 'Error code: ',
  tagline: 'Isang account para sa Personal, Business at iba pa.',
  headline: 'PALAGUIN ANG IYONG KARERA AT NEGOSYO',
  subline: '10x NA MAS MABILIS, MAS MATAAS AT MAS MALAKI!',
  personalCard: 'Abutin ang buong potensyal ng iyong karera',
  businessCard: 'Palakasin ang iyong negosyo',
  personalTab: 'Personal',
  businessTab: 'Business',
  signIn: 'Mag-sign in',
  businessSignIn: 'Mag-sign in sa Business',
  personalSignIn: 'Mag-sign in sa Personal',
  installBeforeProceed: 'Bago ka magpatuloy!',
  installBody:
    'Gawin nating mas madali ang iyong pambihirang paglalakbay sa produkto: i-install ang app ng tool sa iyong device.',
  installNow: 'I-INSTALL NGAYON',
  installClickOutside: 'Mag-click sa labas para lumabas',
  installProceedLogout: 'Magpatuloy sa pag-log out',
  poweredBy: 'Pinapagana ng',
  'notice.codeVerified': 'Na-verify na ang code',
  'notice.accountRegistered': 'Matagumpay na nairehistro ang account',
  'notice.passwordUpdated': 'Matagumpay na na-update ang password',
  'notice.accountLinked': 'Matagumpay na na-link ang account',
  'notice.alreadyRegistered': 'Nakarehistro na ang account na ito.',
  'notice.alreadyVerified': 'Na-verify na ang account na ito.',
  'hint.length': 'Hindi bababa sa 8 character',
  'hint.lower_case': 'Maliit na titik',
  'hint.upper_case': 'Malaking titik',
  'hint.number': 'Numero (123)',
  'hint.symbol': 'Simbolo (hal. @*#-)',
  'strength.Poor': 'Mahina',
  'strength.Average': 'Katamtaman',
  'strength.Strong': 'Malakas',

  skipToContent: 'Lumaktaw sa nilalaman',
  loading: 'Naglo-load',
  loadingProduct: 'Nilo-load ang {product}',
  dismiss: 'Isara',
  back: 'Bumalik',
  next: 'Susunod',
  retry: 'Ulitin',
  tryAgain: 'Subukang muli',
  continueTo: 'Magpatuloy sa <tool />',
  startAgain: 'Magsimulang muli',
  logIn: 'Mag-log in',
  opensInNewTab: ' (magbubukas sa bagong tab)',
  home: 'Home ng {product}',
  noscript: 'Kailangan ng {product} ang JavaScript para ma-sign in ka. Paganahin ito at i-reload ang pahina.',
  chunkFailed: 'Nagkaproblema habang ipinapakita ang pahinang ito.',
  'footer.legal': 'Legal',
  'legal.nav': 'Mga legal na dokumento',
  'legal.governs':
    'Salin ito para sa iyong kaginhawaan. Kung may pagkakaiba sa bersyong Ingles, ang bersyong Ingles ang masusunod.',
  'language.label': 'Wika',
  'language.choose': 'Pumili ng wika',
  'platform.nav': 'Platform',
  'meta.terms':
    'Ang mga tuntunin ng {product}: sino ang puwedeng gumamit nito, mga presyo, pagtatapos ng account at kung paano inaayos ang mga hindi pagkakasundo.',
  'meta.privacy':
    'Paano pinangangalagaan ng {product} ang iyong personal na data, at ang karapatan mong makita, itama at burahin ito at bawiin ang iyong pahintulot.',
  'meta.cookies':
    'Ang mga cookie na ginagamit ng {product} para manatili kang naka-sign in, at kung paano pamahalaan ang cookies sa iyong browser.',

  'landing.quote': 'Isang hakbang ngayon, sampung hakbang na pag-angat bukas.',
  'landing.posterTitle': 'Panoorin ang {product}',
  'landing.posterLine': 'Isang account para sa Personal, Business at iba pa.',
  'landing.videoTitle': 'Promotional video ng {product}',
  'video.play': 'I-play ang video: {title}',
  'video.offline': 'Kailangan ng internet para mapanood ang video. Kumonekta, saka pindutin ulit ang play.',

  'sso.waiting': 'Sina-sign in ka namin',

  'signup.title': 'Mag-sign up',
  'signup.description':
    'Gumawa ng isang account para sa Personal, Business at iba pa. Padadalhan ka namin ng 6-digit na code sa email.',
  'signup.account': 'Email',
  'signup.haveAccount': 'May account ka na?',
  'reset.description': 'Ilagay ang iyong account at padadalhan ka namin ng verification code.',
  'reset.account': 'Email, mobile number o username',
  'reset.remembered': 'Naalala mo na?',
  'reset.fromSupport':
    'Nagpadala ang support ng verification code sa iyong email. Ilagay ito para makapagtakda ng bagong password.',
  'code.sent': 'Nagpadala kami ng 6-digit na verification code sa account na ito.',
  'code.legend': 'Verification code',
  'code.digit': 'Digit {index} sa {total}',
  'code.resent': 'Nagpadala kami ng bagong verification code.',
  'code.devMailbox': 'Lokal na hub ito na walang mail server: nasa dev mailbox ang code.',
  'code.devMailboxLink': 'Buksan ang dev mailbox',
  'code.pasteTooLong': 'Mas marami sa 6 na digit ang idinikit mo. Ang code lang ang idikit.',

  'password.label': 'Password',
  'password.new': 'Bagong password',
  'password.reenter': 'Ilagay muli ang password',
  'password.show': 'Ipakita ang password',
  'password.strength': 'Lakas ng password: ',
  'password.stillNeeds': 'Kailangan pa ng iyong password ng:',
  'password.resetDescription': 'Pumili ng bagong password para sa iyong account.',
  'password.setupDescription': 'Pumili ng password para matapos ang paggawa ng iyong account.',

  'social.label': 'Iba pang paraan ng pag-sign in',
  'social.or': 'o',
  'social.google': 'Mag-sign in gamit ang Google',
  'social.facebook': 'Magpatuloy gamit ang Facebook',
  'socialError.cancelled': 'Kinansela ang pag-sign in.',
  'socialError.unavailable': 'Hindi available ang provider ngayon. Pakisubukang muli mamaya.',
  'socialError.email_unverified':
    'Hindi pa verified ang iyong email address sa provider na ito. I-verify ito roon, o mag-sign in gamit ang iyong password.',
  'socialError.email_missing':
    'Hindi ibinahagi ng provider ang iyong email address. Payagan ang access sa email, o mag-sign in gamit ang iyong password.',
  'socialError.company_on_personal':
    'Hindi puwedeng gamitin ang mga company account sa Personal na platform.',
  'socialError.client_refused': 'Hindi puwedeng gamitin ng mga client ang kanilang account sa system na ito.',
  'socialError.state_refused': 'Hindi ma-verify ang pag-sign in na ito. Pakisimulang muli.',
  'socialError.not_registered_to_tool': 'Hindi nakarehistro ang account sa tool na ito.',
  'socialError.disabled': 'Hindi available ang paraang ito ng pag-sign in.',
  'socialError.already_linked':
    'Naka-link na ang account na iyan sa ibang account dito. Iyan na lang ang gamitin mo sa pag-sign in.',
  'socialError.provider_linked': 'May naka-link ka nang ganito. I-unlink muna ito bago mag-link ng iba.',
  ...signin,
  ...flows,
} as const satisfies Catalogue<typeof en>;
