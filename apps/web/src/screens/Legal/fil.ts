import type { LegalWords } from './shape';

/** The Filipino words, with the linker the noun after them takes ('pitong (7) araw'). */
const numberWords: Readonly<Record<number, string>> = {
  2: 'dalawang',
  3: 'tatlong',
  7: 'pitong',
  14: 'labing-apat na',
  18: 'labingwalong',
  21: 'dalawampu’t isang',
};

/**
 * The legal documents in Filipino (issue #18): the same sections, lists and links as the English
 * (en.ts), the words only. The page shows above them that the English version governs.
 */
export const legalFil = {
  /** Filipino legal style for a number before its noun: 'pitong (7)', 'labing-apat na (14)'. */
  spell: (value: number): string => {
    const word = numberWords[value];
    return word ? `${word} (${value})` : String(value);
  },
  currency: 'Piso ng Pilipinas',

  terms: {
    about: {
      title: 'Tungkol sa mga tuntuning ito',
      text: 'Sinasaklaw ng mga tuntuning ito ang paggamit mo ng <main />, ang iisang account at serbisyo ng pag-sign in para sa mga platform na Personal at Business at sa mga partner tool na nakakonekta sa mga ito (marketplace, chat, shop, HR, trabaho, referral at wallet, bukod sa iba pa). Sa paggawa ng account o pag-sign in, sumasang-ayon ka sa mga tuntuning ito. Pakibasa ang mga ito kasama ng aming <privacy />.',
    },
    who: {
      title: 'Sino ang puwedeng gumamit ng serbisyo',
      text: 'Para lang sa nasa hustong gulang ang {product}. Kailangang {age} taong gulang ka pataas para makagawa o makagamit ng account. Kung gagamit ka ng account para sa isang kumpanya o ibang organisasyon, pinapatunayan mong may awtoridad kang itali ito sa mga tuntuning ito.',
    },
    account: {
      title: 'Ang iyong account',
      items: [
        'Magbigay ng tamang impormasyon sa pag-sign up, at panatilihing updated ang iyong email address.',
        'Ilihim ang iyong password at huwag ipagamit sa iba ang iyong account. Ikaw ang mananagot sa anumang ginagawa rito.',
        'Sabihan kami agad kung sa tingin mo ay may ibang gumamit ng iyong account.',
        'Iisang account ang gamit sa dalawang platform. May mga account na para sa iisang platform lang: hindi puwedeng gamitin ang company account sa Personal na platform.',
      ],
    },
    tools: {
      title: 'Mga partner tool',
      text: 'Kapag nag-sign in ka sa isang partner tool sa pamamagitan ng {product}, kinukumpirma namin sa tool na iyon kung sino ka. May sariling mga tuntunin ang bawat tool, at iyon ang sumasaklaw sa paggamit mo nito.',
    },
    prices: {
      title: 'Mga presyo',
      text: 'Libre ang paggawa at pagkakaroon ng account. Lahat ng presyong makikita sa serbisyo at sa mga partner tool na naaabot mo sa pamamagitan nito ay nasa {currency} (PHP), maliban kung malinaw na iba ang nakasaad sa presyo.',
    },
    use: {
      title: 'Tamang paggamit',
      intro: 'Sumasang-ayon kang hindi mo gagawin ang mga sumusunod:',
      items: [
        'gamitin ang serbisyo sa anumang labag sa batas, o para manlinlang o magpanggap na ibang tao;',
        'subukang pasukin ang mga account, code o data na hindi sa iyo;',
        'pabigatin, siyasatin o guluhin ang serbisyo, o iwasan ang mga limitasyon at proteksyon nito.',
      ],
    },
    ending: {
      title: 'Pagtatapos ng iyong account',
      text: 'Puwede mong tapusin ang iyong account anumang oras sa pagbibigay sa amin ng nakasulat na abiso {noticeDays} araw bago nito. Puwede naming suspindihin o tapusin ang account na lumalabag sa mga tuntuning ito, at sasabihin namin sa iyo ang dahilan maliban kung ipinagbabawal ito ng batas.',
    },
    liability: {
      title: 'Pananagutan',
      text: 'Sinisikap naming panatilihing available at ligtas ang serbisyo, pero ibinibigay namin ito nang ayon sa kung ano ito. Hanggang sa pinapayagan ng batas, hindi kami mananagot sa mga pagkalugi na hindi mo makatwirang inaasahan, o sa mga partner tool, na pinapatakbo ng kanilang mga operator.',
    },
    law: {
      title: 'Batas na umiiral at mga hindi pagkakasundo',
      governed: 'Ang mga batas ng Republika ng Pilipinas ang sumasaklaw sa mga tuntuning ito.',
      dispute:
        'Kung magkaroon ng hindi pagkakasundo, ipapaalam ito nang nakasulat ng partidong naghain nito sa kabila. Sa loob ng {agreeDays} araw mula sa abisong iyon, susubukan ng dalawang partido na magkasundo sa isang paraan ng alternative dispute resolution, gaya ng mediation, at sisikapin nilang maayos ang hindi pagkakasundo sa loob ng {settleMonths} buwan.',
      arbitration:
        'Ang hindi pagkakasundong hindi naayos sa ganitong paraan ay huling pagpapasyahan sa pamamagitan ng arbitration sa Pilipinas, sa harap ng {arbitrators} arbitrator, ayon sa Alternative Dispute Resolution Act of 2004 (Republic Act No. 9285).',
    },
    changes: {
      title: 'Mga pagbabago sa mga tuntuning ito',
      text: 'Puwede naming i-update ang mga tuntuning ito. Sasabihan ka namin tungkol sa mahahalagang pagbabago bago ito magkabisa; kung patuloy mong gagamitin ang serbisyo pagkatapos nito, ang mga bagong tuntunin na ang susundin.',
    },
  },

  privacy: {
    commitment: {
      title: 'Ang aming pangako',
      text: 'Ipinapaliwanag ng patakarang ito kung paano kinokolekta, ginagamit at pinoprotektahan ng <main /> ang iyong personal na data. Pinoproseso namin ang personal na data alinsunod sa Data Privacy Act of 2012 (Republic Act No. 10173), sa mga alituntunin nito, at sa iba pang batas sa privacy na sumasaklaw sa amin.',
    },
    collect: {
      title: 'Ang kinokolekta namin',
      items: [
        'Ang account na ginamit mo sa pag-sign up: ang iyong email address, at ang mobile number o username kung nagdagdag ka nito.',
        'Ang iyong password, na iniimbak lang bilang one-way hash: walang sinuman, kami man, ang makakabasa nito.',
        'Ang uri ng iyong account at ang mga platform at partner tool na pinag-sign in-an mo.',
        'Mga tala sa seguridad: ang oras, IP address at resulta ng mga pag-sign in, verification code at pagpapalit ng password.',
        'Ang iyong pangalan at apelyido, kapag ipinasa ito sa amin ng isang partner tool habang nagsa-sign up ka mula roon.',
      ],
    },
    why: {
      title: 'Bakit namin ito ginagamit',
      text: 'Para magawa ang iyong account, ma-sign in ka sa mga platform at tool na pipiliin mo, mapadalhan ka ng mga verification code, maprotektahan ang iyong account laban sa maling paggamit, at matupad ang aming mga legal na obligasyon. Hindi namin ibinebenta ang iyong personal na data at hindi namin ito ginagamit sa advertising.',
    },
    share: {
      title: 'Kanino namin ito ibinabahagi',
      items: [
        'Sa platform na Personal o Business, o sa partner tool, na pinag-sign in-an mo: kinukumpirma namin dito kung sino ka, kasama ang identifier at uri ng iyong account.',
        'Sa mga provider na naghahatid ng aming email, na nakatali na gamitin lang ang iyong data para roon.',
        'Sa mga awtoridad, kapag hinihingi ito ng batas.',
      ],
    },
    protect: {
      title: 'Paano namin ito pinoprotektahan at gaano katagal namin itong iniimbak',
      text: "Naka-hash ang mga password, nag-e-expire ang mga verification code pagkalipas ng {minutes} minuto at isang beses lang magagamit, at nasa cookie na hindi nababasa ng mga script ang iyong session. Iniimbak namin ang iyong data habang umiiral ang iyong account, at ang mga tala sa seguridad hangga't kailangan lang para maprotektahan ang mga account at masunod ang batas.",
    },
    rights: {
      title: 'Ang iyong mga karapatan',
      intro: 'Bilang data subject, puwede mong gawin anumang oras ang mga sumusunod:',
      items: [
        '<b>bawiin ang iyong pahintulot</b> sa pagproseso ng iyong personal na data;',
        '<b>itama</b> ang personal na data na mali o kulang;',
        '<b>burahin</b> ang iyong personal na data, o ipa-block ito;',
        '<b>makita</b> ang iyong personal na data at malaman kung paano ito pinoproseso.',
      ],
      response:
        'Sinasagot namin ang bawat kahilingan sa loob ng {responseDays} araw mula nang matanggap namin ito. Nasa iyo pa rin ang iba mong karapatan sa ilalim ng Data Privacy Act, kasama ang karapatang tumutol, ang data portability at ang paghahain ng reklamo sa National Privacy Commission.',
    },
    contact: {
      title: 'Paano kami makakausap',
      text: 'Para gamitin ang iyong mga karapatan o magtanong tungkol sa patakarang ito, sumulat sa Data Protection Officer ng {product} sa pamamagitan ng contact details sa aming pangunahing site, <main />. Puwede naming hilingin na kumpirmahin mo muna kung sino ka, para walang ibang makabasa o makapagbago ng iyong data.',
    },
    cookies: {
      title: 'Cookies',
      text: 'Ipinapaliwanag sa aming <cookies /> kung paano namin ginagamit ang cookies.',
    },
  },

  cookies: {
    what: {
      title: 'Ano ang cookies',
      text: 'Ang cookies ay maliliit na text file na iniimbak ng isang website sa iyong browser. Para malaman pa kung ano ang mga ito at paano gumagana, tingnan ang <explainer />.',
    },
    used: {
      title: 'Ang cookies na ginagamit namin',
      text: 'Mga talagang kailangang cookies lang ang ginagamit ng <main />. Sa site na ito lang ipinapadala ang mga ito, hindi nababasa ng mga script ang mga nagpapanatili sa iyong naka-sign in, at wala sa mga ito ang ginagamit sa advertising o tracking. Sa secure na koneksyon, nagsisimula sa “__Host-” ang pangalan ng mga cookie sa pag-sign in.',
      caption: 'Mga cookie ng {product}',
      cookie: 'Cookie',
      purpose: 'Ginagawa nito',
      lasts: 'Gaano katagal',
      rows: {
        hub_session: {
          purpose: 'Pinapanatili kang naka-sign in, para hindi ka hingan ng password sa bawat pagbisita.',
          lasts: '30 araw, o hanggang mag-log out ka',
        },
        hub_fb: {
          purpose:
            'Itinatali sa iyong browser ang sign-up, login o pag-reset ng password na ginagawa mo, para walang ibang makatapos nito.',
          lasts: 'Hanggang isara mo ang iyong browser',
        },
        hub_lng: {
          purpose:
            'Tinatandaan ang wikang pinili mo para sa mga screen at email. Hindi tulad ng iba, binabasa ito ng mga script ng app para maipakita ang mga screen sa wikang iyon.',
          lasts: '1 taon',
        },
      },
    },
    similar: {
      title: 'Mga katulad na teknolohiya',
      items: [
        'Kapag ipinadala ka rito ng isang partner tool, tinatandaan ng local storage ng iyong browser kung aling tool iyon, para maibalik ka namin doon. Inaalis ito kapag tapos ka na.',
        'Kung i-install mo ang app ng {product}, nagtatabi ang iyong browser ng kopya ng mga pahina ng app para mabilis itong magbukas. Hindi nito kailanman itinatabi ang data ng iyong account.',
      ],
    },
    video: {
      title: 'Ang promotional video',
      text: "Galing sa isang video provider ang video sa aming home page. Walang nilo-load mula sa provider hangga't hindi mo pinipindot ang play; mula noon, ang sariling patakaran sa cookie ng provider ang sumasaklaw sa player.",
    },
    managing: {
      title: 'Pamamahala ng cookies',
      text: 'Makikita at mabubura mo ang cookies sa settings ng iyong browser, at ipinapaliwanag ng <explainer /> kung paano ito gawin sa bawat browser. Kapag hinarangan mo ang cookies sa itaas, hindi ka makakapag-sign in.',
    },
  },
} as const satisfies LegalWords;
