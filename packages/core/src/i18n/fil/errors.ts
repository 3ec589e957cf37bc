import type { Catalogue } from '../catalogue.js';
import type { errors as en } from '../en/errors.js';

/**
 * Filipino error texts (namespace `errors`), one per catalogue code. The codes themselves, and the
 * `AUTHORIZATION_ERROR:` prefix the SSO error page shows as its error code, stay untranslated.
 */
export const errors = {
  'account.required': 'Kailangan ang account',
  'account.not_found': 'Walang ganitong account',
  'account.not_found_reset': 'Walang ganitong account.',
  'account.already_exists': 'May ganito nang account.',
  'account.already_exists_linking': 'May ganito nang account',
  'account.already_linked': 'Naka-link na ang account',
  'account.format_invalid': 'Mali ang format ng account.',
  'account.format_invalid_linking': 'Mali ang format ng account',
  'account.not_registered_to_tool': 'Hindi nakarehistro ang account sa {tool}',
  'account.not_registered_to_platform': 'Hindi nakarehistro ang account sa {platform}',
  'account.company_on_personal': 'Hindi puwedeng gamitin ang mga company account sa Personal na platform.',
  'account.client_refused': 'Hindi puwedeng gamitin ng mga client ang kanilang account sa system na ito.',
  'account.work_account_link': 'Hindi mo puwedeng i-link ang work account sa pag-link ng business account',
  'account.mobile_unavailable':
    'Hindi pa puwedeng mag-register gamit ang mobile number. Pakigamit ang iyong email address.',
  'password.incorrect': 'Mali ang password.',
  'password.required': 'Kailangan ang password',
  'password.not_equal': 'Hindi magkapareho ang mga password',
  'password.too_weak':
    'Kailangang may hindi bababa sa 8 character ang password, may maliit at malaking titik, numero at simbolo.',
  'password.too_common': 'Masyadong karaniwan ang password na ito. Pumili ng iba.',
  'password.too_long': 'Hanggang 256 character lang ang password.',
  'password.unchanged': 'Kailangang iba ang bagong password sa kasalukuyan mong password.',
  'email.required': 'Ilagay ang bago mong email address.',
  'email.invalid': 'Maglagay ng tamang email address, gaya ng name@example.com.',
  'email.unchanged': 'Ito na ang email address mo.',
  'provider.not_linked': 'Hindi naka-link sa account mo ang paraang ito ng pag-sign in.',
  'account.last_sign_in_method':
    'Hindi mo puwedeng i-unlink ang nag-iisa mong paraan ng pag-sign in. Gumawa muna ng password o mag-link ng ibang account.',
  'code.incorrect': 'Mali ang verification code',
  'code.expired': 'Expired na ang verification code. Humingi ng bagong code.',
  'code.too_many_attempts': 'Sobrang daming maling code. Humingi ng bagong code.',
  'sso.tsa_key_missing': 'AUTHORIZATION_ERROR: TSA key does not exist.',
  'sso.callback_missing': 'AUTHORIZATION_ERROR: Callback URL is missing.',
  'sso.state_invalid': 'AUTHORIZATION_ERROR: State is malformed.',
  'oidc.interaction_invalid':
    'Hindi na valid ang kahilingang ito na mag-sign in. Bumalik sa application at magsimulang muli.',
  'passkey.refused': 'Hindi ma-verify ang passkey na ito. Subukang muli o gamitin ang iyong password.',
  'passkey.already_registered': 'Nakarehistro na ang passkey na ito.',
  'passkey.limit_reached':
    'Naabot mo na ang limitasyong {limit} passkey. Mag-alis ng isa para makapagdagdag.',
  'tool.unauthorized': 'Wala o hindi valid ang credential ng tool.',
  'tool.forbidden': 'Hindi puwedeng gamitin ng credential na ito ang endpoint na ito.',
  'work_account.owner_required': 'Ang may-ari lang ng business ang puwedeng magdagdag ng work account.',
  'token.invalid': 'Hindi valid ang ainfo token para sa tool na ito, o expired na ito.',
  'token.redeemed': 'Nagamit na ang ainfo token.',
  rate_limited: 'Sobrang daming pagsubok. Subukang muli pagkalipas ng {seconds} segundo.',
  'request.invalid': 'Hindi valid ang kahilingan. Pakitingnan ang mga field at subukang muli.',
  'request.malformed_json': 'Hindi valid na JSON ang laman ng kahilingan.',
  not_found: 'Hindi nahanap.',
  'flow.expired': 'Nag-expire na ang session na ito. Pakisimulang muli.',
  'flow.not_found': 'Hindi nahanap ang session na ito. Pakisimulang muli.',
  'session.required': 'Mag-sign in para magpatuloy.',
  'session.not_found': 'Natapos na ang session na ito.',
  'tool.access_not_found': 'Walang access ang tool na ito sa iyong account.',
  'tool.access_managed':
    'Ang operator ng {tool} ang nagpapasya kung sino ang puwedeng gumamit nito. Sa kanila ka humiling na alisin ang access mo.',
  'oidc.consent_not_found': 'Walang access ang app na ito sa iyong account.',
  'origin.forbidden': 'Galing ang kahilingang ito sa origin na hindi pinapayagan.',
  internal: 'Nagkaproblema sa aming panig. Pakisubukang muli.',
  'service.overloaded': 'Abala ang serbisyo ngayon. Subukang muli pagkalipas ng ilang segundo.',
  'service.unavailable': 'Abala ang serbisyo ngayon. Subukang muli mamaya-maya.',
  'network.unreachable': 'Hindi namin maabot ang server. Tingnan ang iyong koneksyon at subukang muli.',
  // Two-step sign-in (docs/second-factors.md).
  'second_factor.code_incorrect':
    'Hindi tumama ang code na iyan. Tingnan ang iyong authenticator app at subukang muli.',
  'second_factor.code_required': 'Ilagay ang 6-digit na code mula sa iyong authenticator app.',
  'second_factor.recovery_incorrect':
    'Hindi tumama ang recovery code na iyan. Isang beses lang magagamit ang bawat recovery code.',
  'second_factor.method_unavailable': 'Hindi naka-set up sa iyong account ang paraang ito ng pagpapatunay.',
  'second_factor.already_enrolled':
    'May naka-set up nang authenticator app. Alisin muna ito bago mag-set up ng panibago.',
  'second_factor.enrolment_not_started':
    'Nag-time out ang pag-set up ng authenticator app. Pakisimulang muli.',
  'second_factor.not_enrolled': 'Mag-set up muna ng authenticator app bago gumawa ng mga recovery code.',
  // The account center (docs/account-center.md).
  'name.required': 'Ilagay ang iyong pangalan at apelyido.',
  'name.invalid': 'Mga letra, espasyo, gitling, kudlit o tuldok lang ang puwede.',
  'name.too_long': 'Masyadong mahaba ito.',
  'account.fresh_sign_in_required':
    'Para sa iyong seguridad, mag-log out, mag-sign in muli, at saka burahin ang iyong account.',
  'account.deletion_pending': 'Nakatakda nang burahin ang iyong account.',
  'session.fresh_sign_in_required':
    'Hinihingi muli ng pag-sign in na ito ang iyong password. Pakigamit ang form sa ibaba.',
  // The operator console (docs/console.md).
  'account.locked': 'Naka-lock ang pag-sign in sa account na ito. Makipag-ugnayan sa support.',
  'challenge.required': 'Sinusuri ang iyong browser… Subukang muli.',
  'challenge.invalid': 'Hindi masuri ang iyong browser. Subukang muli.',
  'admin.forbidden': 'Hindi ito pinapayagan ng iyong role sa console.',
  'admin.second_factor_required':
    'Mag-sign in gamit ang passkey o code ng authenticator para mabuksan ang console.',
  'admin.reason_required': 'Pakilagay ang dahilan ng aksyong ito.',
  'admin.operator_not_found': 'Walang role sa console ang account na ito.',
  'admin.value_invalid': 'Hindi tinatanggap ang value na ito. Pakisuri ito.',
  'admin.tool_not_found': 'Walang tool na may ganitong id.',
  'admin.tool_exists': 'May tool na may ganitong id.',
  'admin.tool_protected':
    'Umaasa ang isang platform o ang seeded catalogue sa mga callback na ito. Kumpirmahin para baguhin pa rin.',
  'admin.callback_not_found': 'Walang callback ang tool na may ganitong pangalan dito.',
  'admin.tsa_key_taken': 'Pangalan na ng ibang tool ang tsa key na ito.',
  'admin.tsa_key_not_found': 'Walang tool na may ganitong tsa key.',
  'admin.member_not_found': 'Hindi miyembro ng tool ang account na ito.',
  'admin.client_not_found': 'Walang client na may ganitong id.',
  'admin.client_without_secret': 'Walang secret na maiikot ang client na ito.',
  'admin.no_email': 'Walang email address ang account na ito na mapapadalhan ng code.',
} as const satisfies Catalogue<typeof en>;
