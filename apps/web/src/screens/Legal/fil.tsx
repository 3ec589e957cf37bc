import {
  ADR_AGREEMENT_DAYS,
  ADR_SETTLEMENT_MONTHS,
  ARBITRATOR_COUNT,
  CODE_TTL_SECONDS,
  DATA_REQUEST_RESPONSE_DAYS,
  MINIMUM_AGE,
  TERMINATION_NOTICE_DAYS,
} from '@hub/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/brand';
import { legalPages } from '../../lib/legal-pages';
import { CookieExplainerLink, List, MainSiteLink, Section, spelledFil } from './parts';

/**
 * The legal pages in Filipino (issue #18), section for section the English documents of Terms.tsx,
 * Privacy.tsx and Cookies.tsx. The page shows above them that the English version governs.
 */

const path = (id: 'terms' | 'privacy' | 'cookies') => legalPages.find((page) => page.id === id)!.path;
const linkClass = 'rounded font-medium text-primary-700 underline underline-offset-4';

export const TermsFil = () => (
  <>
    <Section title="1. Tungkol sa mga tuntuning ito">
      <p>
        Sinasaklaw ng mga tuntuning ito ang paggamit mo ng <MainSiteLink />, ang iisang account at serbisyo ng
        pag-sign in para sa mga platform na Personal at Business at sa mga partner tool na nakakonekta sa mga
        ito (marketplace, chat, shop, HR, trabaho, referral at wallet, bukod sa iba pa). Sa paggawa ng account
        o pag-sign in, sumasang-ayon ka sa mga tuntuning ito. Pakibasa ang mga ito kasama ng aming{' '}
        <Link to={path('privacy')} className={linkClass}>
          Patakaran sa Data
        </Link>
        .
      </p>
    </Section>
    <Section title="2. Sino ang puwedeng gumamit ng serbisyo">
      <p>
        Para lang sa nasa hustong gulang ang {PRODUCT_NAME}. Kailangang {spelledFil(MINIMUM_AGE)} taong gulang
        ka pataas para makagawa o makagamit ng account. Kung gagamit ka ng account para sa isang kumpanya o
        ibang organisasyon, pinapatunayan mong may awtoridad kang itali ito sa mga tuntuning ito.
      </p>
    </Section>
    <Section title="3. Ang iyong account">
      <List>
        <li>
          Magbigay ng tamang impormasyon sa pag-sign up, at panatilihing updated ang iyong email address.
        </li>
        <li>
          Ilihim ang iyong password at huwag ipagamit sa iba ang iyong account. Ikaw ang mananagot sa anumang
          ginagawa rito.
        </li>
        <li>Sabihan kami agad kung sa tingin mo ay may ibang gumamit ng iyong account.</li>
        <li>
          Iisang account ang gamit sa dalawang platform. May mga account na para sa iisang platform lang:
          hindi puwedeng gamitin ang company account sa Personal na platform.
        </li>
      </List>
    </Section>
    <Section title="4. Mga partner tool">
      <p>
        Kapag nag-sign in ka sa isang partner tool sa pamamagitan ng {PRODUCT_NAME}, kinukumpirma namin sa
        tool na iyon kung sino ka. May sariling mga tuntunin ang bawat tool, at iyon ang sumasaklaw sa
        paggamit mo nito.
      </p>
    </Section>
    <Section title="5. Mga presyo">
      <p>
        Libre ang paggawa at pagkakaroon ng account. Lahat ng presyong makikita sa serbisyo at sa mga partner
        tool na naaabot mo sa pamamagitan nito ay nasa Piso ng Pilipinas (PHP), maliban kung malinaw na iba
        ang nakasaad sa presyo.
      </p>
    </Section>
    <Section title="6. Tamang paggamit">
      <p>Sumasang-ayon kang hindi mo gagawin ang mga sumusunod:</p>
      <List>
        <li>gamitin ang serbisyo sa anumang labag sa batas, o para manlinlang o magpanggap na ibang tao;</li>
        <li>subukang pasukin ang mga account, code o data na hindi sa iyo;</li>
        <li>pabigatin, siyasatin o guluhin ang serbisyo, o iwasan ang mga limitasyon at proteksyon nito.</li>
      </List>
    </Section>
    <Section title="7. Pagtatapos ng iyong account">
      <p>
        Puwede mong tapusin ang iyong account anumang oras sa pagbibigay sa amin ng nakasulat na abiso{' '}
        {spelledFil(TERMINATION_NOTICE_DAYS)} araw bago nito. Puwede naming suspindihin o tapusin ang account
        na lumalabag sa mga tuntuning ito, at sasabihin namin sa iyo ang dahilan maliban kung ipinagbabawal
        ito ng batas.
      </p>
    </Section>
    <Section title="8. Pananagutan">
      <p>
        Sinisikap naming panatilihing available at ligtas ang serbisyo, pero ibinibigay namin ito nang ayon sa
        kung ano ito. Hanggang sa pinapayagan ng batas, hindi kami mananagot sa mga pagkalugi na hindi mo
        makatwirang inaasahan, o sa mga partner tool, na pinapatakbo ng kanilang mga operator.
      </p>
    </Section>
    <Section title="9. Batas na umiiral at mga hindi pagkakasundo">
      <p>Ang mga batas ng Republika ng Pilipinas ang sumasaklaw sa mga tuntuning ito.</p>
      <p>
        Kung magkaroon ng hindi pagkakasundo, ipapaalam ito nang nakasulat ng partidong naghain nito sa
        kabila. Sa loob ng {spelledFil(ADR_AGREEMENT_DAYS)} araw mula sa abisong iyon, susubukan ng dalawang
        partido na magkasundo sa isang paraan ng alternative dispute resolution, gaya ng mediation, at
        sisikapin nilang maayos ang hindi pagkakasundo sa loob ng {spelledFil(ADR_SETTLEMENT_MONTHS)} buwan.
      </p>
      <p>
        Ang hindi pagkakasundong hindi naayos sa ganitong paraan ay huling pagpapasyahan sa pamamagitan ng
        arbitration sa Pilipinas, sa harap ng {spelledFil(ARBITRATOR_COUNT)} arbitrator, ayon sa Alternative
        Dispute Resolution Act of 2004 (Republic Act No. 9285).
      </p>
    </Section>
    <Section title="10. Mga pagbabago sa mga tuntuning ito">
      <p>
        Puwede naming i-update ang mga tuntuning ito. Sasabihan ka namin tungkol sa mahahalagang pagbabago
        bago ito magkabisa; kung patuloy mong gagamitin ang serbisyo pagkatapos nito, ang mga bagong tuntunin
        na ang susundin.
      </p>
    </Section>
  </>
);

export const PrivacyFil = () => (
  <>
    <Section title="1. Ang aming pangako">
      <p>
        Ipinapaliwanag ng patakarang ito kung paano kinokolekta, ginagamit at pinoprotektahan ng{' '}
        <MainSiteLink /> ang iyong personal na data. Pinoproseso namin ang personal na data alinsunod sa Data
        Privacy Act of 2012 (Republic Act No. 10173), sa mga alituntunin nito, at sa iba pang batas sa privacy
        na sumasaklaw sa amin.
      </p>
    </Section>
    <Section title="2. Ang kinokolekta namin">
      <List>
        <li>
          Ang account na ginamit mo sa pag-sign up: ang iyong email address, at ang mobile number o username
          kung nagdagdag ka nito.
        </li>
        <li>
          Ang iyong password, na iniimbak lang bilang one-way hash: walang sinuman, kami man, ang makakabasa
          nito.
        </li>
        <li>Ang uri ng iyong account at ang mga platform at partner tool na pinag-sign in-an mo.</li>
        <li>
          Mga tala sa seguridad: ang oras, IP address at resulta ng mga pag-sign in, verification code at
          pagpapalit ng password.
        </li>
        <li>
          Ang iyong pangalan at apelyido, kapag ipinasa ito sa amin ng isang partner tool habang nagsa-sign up
          ka mula roon.
        </li>
      </List>
    </Section>
    <Section title="3. Bakit namin ito ginagamit">
      <p>
        Para magawa ang iyong account, ma-sign in ka sa mga platform at tool na pipiliin mo, mapadalhan ka ng
        mga verification code, maprotektahan ang iyong account laban sa maling paggamit, at matupad ang aming
        mga legal na obligasyon. Hindi namin ibinebenta ang iyong personal na data at hindi namin ito
        ginagamit sa advertising.
      </p>
    </Section>
    <Section title="4. Kanino namin ito ibinabahagi">
      <List>
        <li>
          Sa platform na Personal o Business, o sa partner tool, na pinag-sign in-an mo: kinukumpirma namin
          dito kung sino ka, kasama ang identifier at uri ng iyong account.
        </li>
        <li>
          Sa mga provider na naghahatid ng aming email, na nakatali na gamitin lang ang iyong data para roon.
        </li>
        <li>Sa mga awtoridad, kapag hinihingi ito ng batas.</li>
      </List>
    </Section>
    <Section title="5. Paano namin ito pinoprotektahan at gaano katagal namin itong iniimbak">
      <p>
        Naka-hash ang mga password, nag-e-expire ang mga verification code pagkalipas ng{' '}
        {CODE_TTL_SECONDS / 60} minuto at isang beses lang magagamit, at nasa cookie na hindi nababasa ng mga
        script ang iyong session. Iniimbak namin ang iyong data habang umiiral ang iyong account, at ang mga
        tala sa seguridad hangga't kailangan lang para maprotektahan ang mga account at masunod ang batas.
      </p>
    </Section>
    <Section title="6. Ang iyong mga karapatan">
      <p>Bilang data subject, puwede mong gawin anumang oras ang mga sumusunod:</p>
      <List>
        <li>
          <strong className="font-semibold text-slate-900">bawiin ang iyong pahintulot</strong> sa pagproseso
          ng iyong personal na data;
        </li>
        <li>
          <strong className="font-semibold text-slate-900">itama</strong> ang personal na data na mali o
          kulang;
        </li>
        <li>
          <strong className="font-semibold text-slate-900">burahin</strong> ang iyong personal na data, o
          ipa-block ito;
        </li>
        <li>
          <strong className="font-semibold text-slate-900">makita</strong> ang iyong personal na data at
          malaman kung paano ito pinoproseso.
        </li>
      </List>
      <p>
        Sinasagot namin ang bawat kahilingan sa loob ng {spelledFil(DATA_REQUEST_RESPONSE_DAYS)} araw mula
        nang matanggap namin ito. Nasa iyo pa rin ang iba mong karapatan sa ilalim ng Data Privacy Act, kasama
        ang karapatang tumutol, ang data portability at ang paghahain ng reklamo sa National Privacy
        Commission.
      </p>
    </Section>
    <Section title="7. Paano kami makakausap">
      <p>
        Para gamitin ang iyong mga karapatan o magtanong tungkol sa patakarang ito, sumulat sa Data Protection
        Officer ng {PRODUCT_NAME} sa pamamagitan ng contact details sa aming pangunahing site,{' '}
        <MainSiteLink />. Puwede naming hilingin na kumpirmahin mo muna kung sino ka, para walang ibang
        makabasa o makapagbago ng iyong data.
      </p>
    </Section>
    <Section title="8. Cookies">
      <p>
        Ipinapaliwanag sa aming{' '}
        <Link to={path('cookies')} className={linkClass}>
          Patakaran sa Cookies
        </Link>{' '}
        kung paano namin ginagamit ang cookies.
      </p>
    </Section>
  </>
);

const cookieRowsFil = [
  {
    name: 'hub_session',
    purpose: 'Pinapanatili kang naka-sign in, para hindi ka hingan ng password sa bawat pagbisita.',
    lasts: '30 araw, o hanggang mag-log out ka',
  },
  {
    name: 'hub_fb',
    purpose:
      'Itinatali sa iyong browser ang sign-up, login o pag-reset ng password na ginagawa mo, para walang ibang makatapos nito.',
    lasts: 'Hanggang isara mo ang iyong browser',
  },
  {
    name: 'hub_lng',
    purpose:
      'Tinatandaan ang wikang pinili mo para sa mga screen at email. Hindi tulad ng iba, binabasa ito ng mga script ng app para maipakita ang mga screen sa wikang iyon.',
    lasts: '1 taon',
  },
] as const;

export const CookiesFil = () => (
  <>
    <Section title="1. Ano ang cookies">
      <p>
        Ang cookies ay maliliit na text file na iniimbak ng isang website sa iyong browser. Para malaman pa
        kung ano ang mga ito at paano gumagana, tingnan ang{' '}
        <CookieExplainerLink>All About Cookies</CookieExplainerLink>.
      </p>
    </Section>
    <Section title="2. Ang cookies na ginagamit namin">
      <p>
        Mga talagang kailangang cookies lang ang ginagamit ng <MainSiteLink />. Sa site na ito lang
        ipinapadala ang mga ito, hindi nababasa ng mga script ang mga nagpapanatili sa iyong naka-sign in, at
        wala sa mga ito ang ginagamit sa advertising o tracking. Sa secure na koneksyon, nagsisimula sa
        “__Host-” ang pangalan ng mga cookie sa pag-sign in.
      </p>
      <table className="mt-2 w-full border-collapse text-left text-sm">
        <caption className="sr-only">Mga cookie ng {PRODUCT_NAME}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-900">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Cookie
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Ginagawa nito
            </th>
            <th scope="col" className="py-2 font-semibold">
              Gaano katagal
            </th>
          </tr>
        </thead>
        <tbody>
          {cookieRowsFil.map((row) => (
            <tr key={row.name} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 font-mono text-xs font-medium text-slate-900">
                {row.name}
              </th>
              <td className="py-2 pr-4">{row.purpose}</td>
              <td className="py-2">{row.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
    <Section title="3. Mga katulad na teknolohiya">
      <List>
        <li>
          Kapag ipinadala ka rito ng isang partner tool, tinatandaan ng local storage ng iyong browser kung
          aling tool iyon, para maibalik ka namin doon. Inaalis ito kapag tapos ka na.
        </li>
        <li>
          Kung i-install mo ang app ng {PRODUCT_NAME}, nagtatabi ang iyong browser ng kopya ng mga pahina ng
          app para mabilis itong magbukas. Hindi nito kailanman itinatabi ang data ng iyong account.
        </li>
      </List>
    </Section>
    <Section title="4. Ang promotional video">
      <p>
        Galing sa isang video provider ang video sa aming home page. Walang nilo-load mula sa provider
        hangga't hindi mo pinipindot ang play; mula noon, ang sariling patakaran sa cookie ng provider ang
        sumasaklaw sa player.
      </p>
    </Section>
    <Section title="5. Pamamahala ng cookies">
      <p>
        Makikita at mabubura mo ang cookies sa settings ng iyong browser, at ipinapaliwanag ng{' '}
        <CookieExplainerLink>All About Cookies</CookieExplainerLink> kung paano ito gawin sa bawat browser.
        Kapag hinarangan mo ang cookies sa itaas, hindi ka makakapag-sign in.
      </p>
    </Section>
  </>
);
